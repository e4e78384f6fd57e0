package org.qmpi4j.tools.tracer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    private OutputStream out;
    private PerfettoTraceAssembler assembler;
    private ShardSpan span;

    /** {@code dir}: the results folder; {@code jsonLimit}: the size up to which it would be JSON. */
    GatheredPerfettoTrace(Path dir, long jsonLimit) {
        super(ResultFiles.TRACE_PFTRACE);
        this.dir = dir;
        this.jsonLimit = jsonLimit;
    }

    @Override
    ShardAssembler start(OutputStream stream, List<ShardSummary> summaries, CausalityCorrection correction)
            throws IOException {
        out = stream;
        assembler = new PerfettoTraceAssembler(out, summaries.size());
        assembler.correction(correction);
        assembler.hosts(summaries);
        for (ShardSummary x : summaries) {
            assembler.rank(x);
        }
        span = ShardSpan.of(summaries);
        return assembler;
    }

    @Override
    List<String> finish(int ranks) throws IOException {
        TraceResult summary = assembler.finish();
        out.close();
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
