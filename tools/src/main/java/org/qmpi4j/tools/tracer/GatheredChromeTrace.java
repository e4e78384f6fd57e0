package org.qmpi4j.tools.tracer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.report.trace.CausalityCorrection;
import org.qmpi4j.report.trace.ChromeTraceAssembler;
import org.qmpi4j.report.trace.ShardAssembler;

/** The gathered trace as Chrome Trace Event JSON, {@code trace.json}: for small traces. */
final class GatheredChromeTrace extends GatheredTrace {
    private final String binding;

    /** {@code binding}: the binding's id, named in the trace. */
    GatheredChromeTrace(String binding) {
        super(ResultFiles.TRACE_JSON);
        this.binding = binding;
    }

    @Override
    ShardAssembler start(OutputStream stream, List<ShardSummary> summaries, CausalityCorrection correction)
            throws IOException {
        Writer w = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
        ChromeTraceAssembler a = new ChromeTraceAssembler(w, summaries.size(), binding);
        a.correction(correction);
        for (ShardSummary x : summaries) {
            a.clock(x.rank(), x.clock(), x.zero());
        }
        return a;
    }

    @Override
    List<String> said(int ranks, TraceResult summary) {
        if (summary.truncatedRanks().isEmpty()) {
            return List.of();
        }
        return List.of("the trace of rank(s) " + summary.truncatedRanks()
                + " stops early: the size limit was reached (see trace.json, otherData.truncated_ranks)");
    }
}
