package org.qmpi4j.tools.tracer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.Units;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.report.trace.CausalityCorrection;
import org.qmpi4j.report.trace.PerfettoTraceAssembler;
import org.qmpi4j.report.trace.ShardAssembler;

/**
 * The gathered trace in Perfetto's protobuf format, {@code trace.pftrace}: for traces over
 * {@code tracer.json-limit}, which it tells the user, with the command for JSON of a part.
 */
final class GatheredPerfettoTrace extends GatheredTrace {
    private final Path dir;
    private final long jsonLimit;
    /** Set by {@link #start}; {@code null} before. */
    private @Nullable ShardSpan span;

    /** {@code dir}: the results folder; {@code jsonLimit}: the size up to which it would be JSON. */
    GatheredPerfettoTrace(Path dir, long jsonLimit) {
        super(ResultFiles.TRACE_PFTRACE);
        this.dir = dir;
        this.jsonLimit = jsonLimit;
    }

    @Override
    ShardAssembler start(OutputStream stream, List<ShardSummary> summaries, CausalityCorrection correction)
            throws IOException {
        PerfettoTraceAssembler a = new PerfettoTraceAssembler(stream, summaries.size());
        a.correction(correction);
        a.hosts(summaries);
        for (ShardSummary x : summaries) {
            a.rank(x);
        }
        span = ShardSpan.of(summaries);
        return a;
    }

    @Override
    List<String> said(int ranks, TraceResult summary) {
        ShardSpan span = Objects.requireNonNull(this.span, "finish follows start");
        List<String> said = new ArrayList<>();
        said.add("the " + ranks + " ranks' trace shards hold " + Units.bytes(span.bytes) + ", over "
                + TracerTool.JSON_LIMIT.key() + " (" + Units.bytes(jsonLimit)
                + "): the trace is in "
                + ResultFiles.TRACE_PFTRACE + " (Perfetto's format; open it in https://ui.perfetto.dev); JSON of"
                + " chosen ranks and a time window: "
                + span.command(dir, ranks).replace("qmpi4j trace ", "qmpi4j trace --format json "));
        if (!summary.truncatedRanks().isEmpty()) {
            said.add("the trace of rank(s) " + summary.truncatedRanks()
                    + " stops early: the size limit was reached (an instant event on their tracks says where)");
        }
        return said;
    }
}
