package org.qmpi4j.report.trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.report.files.RankFiles;

/**
 * The per-rank trace shards of a results directory ({@code ranks/}), read back to rebuild the trace
 * rank 0 would have written had the job reached {@code MPI_Finalize}.
 */
public final class TraceShards {
    private TraceShards() {}

    /** Summaries of the trace shards in {@code ranks/} (each read once); unreadable ones are skipped into {@code problems}. */
    public static List<ShardSummary> traceSummaries(Path dir, List<String> problems) throws IOException {
        List<ShardSummary> out = new ArrayList<>();
        for (int r : RankFiles.traceRanks(dir)) {
            try {
                out.add(ShardSummary.scan(ResultFiles.rankTrace(dir, r), r));
            } catch (IOException e) {
                problems.add(e.getMessage());
            }
        }
        return out;
    }

    /**
     * Assembles {@code trace.json} from the per-rank trace files of a job of {@code ranks} ranks.
     * Streams each file; writes atomically.
     */
    public static TraceResult assembleTrace(Path dir, int ranks, String binding) throws IOException {
        TraceResult[] summary = new TraceResult[1];
        AtomicFiles.write(dir.resolve(ResultFiles.TRACE_JSON), (Writer out) -> {
            ChromeTraceAssembler a = new ChromeTraceAssembler(out, ranks, binding);
            byte[] buf = new byte[1 << 16];
            // The clock alignments first (each MPI_Finalize measurement ends its file), as rank 0 has
            // them, then the causality correction from the messages, then the calls.
            Timeline timeline = Timeline.open(dir, ranks, TraceSelection.all());
            a.correction(timeline.correction());
            for (int r : timeline.ranks()) {
                Path f = ResultFiles.rankTrace(dir, r);
                ShardSummary shard = timeline.summary(r);
                a.clock(r, shard.clock(), shard.zero());
                try (InputStream in = Files.newInputStream(f)) {
                    int n;
                    while ((n = in.read(buf)) > 0) {
                        a.feed(r, buf, 0, n);
                    }
                }
                a.endRank(r);
            }
            summary[0] = a.finish();
        });
        return summary[0];
    }
}
