package org.qmpi4j.bench.trace;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.report.trace.CausalityCorrection;
import org.qmpi4j.report.trace.PerfettoTraceAssembler;
import org.qmpi4j.report.trace.PerfettoTraceWriter;

/**
 * Bytes per traced call of a job's Perfetto trace with interned strings (what the tracer and
 * {@code qmpi4j trace} write) and with every event's strings in full, built from the same shards
 * one after the other: {@code java -cp benchmarks.jar org.qmpi4j.bench.trace.PerfettoStrings
 * <results folder>...} prints one Markdown row per folder (benchmarks/trace-viewers/interning.sh
 * runs the jobs).
 */
public final class PerfettoStrings {
    private PerfettoStrings() {}

    public static void main(String[] args) throws IOException {
        System.out.println("| job | calls | shards | .pftrace, strings in full | bytes per call | .pftrace, interned"
                + " | bytes per call | interned / in full |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (String a : args) {
            Path dir = Path.of(a);
            int ranks = 0;
            long shards = 0;
            List<ShardSummary> summaries = new ArrayList<>();
            while (Files.isRegularFile(ResultFiles.rankTrace(dir, ranks))) {
                Path shard = ResultFiles.rankTrace(dir, ranks);
                shards += Files.size(shard);
                summaries.add(ShardSummary.scan(shard, ranks));
                ranks++;
            }
            CausalityCorrection correction = CausalityCorrection.fromShards(dir, ranks, summaries);
            long[] inline = build(dir, summaries, correction, PerfettoTraceWriter.Strings.INLINE);
            long[] interned = build(dir, summaries, correction, PerfettoTraceWriter.Strings.INTERNED);
            if (inline[1] != interned[1]) {
                throw new IllegalStateException("the two traces differ in calls: " + inline[1] + ", " + interned[1]);
            }
            long calls = interned[1];
            System.out.println(String.format(
                    Locale.ROOT,
                    "| %s | %d | %d B | %d B | %.1f | %d B | %.1f | %.2f |",
                    dir.getFileName(),
                    calls,
                    shards,
                    inline[0],
                    (double) inline[0] / calls,
                    interned[0],
                    (double) interned[0] / calls,
                    (double) interned[0] / inline[0]));
        }
    }

    /** The trace's bytes and calls. */
    private static long[] build(
            Path dir, List<ShardSummary> summaries, CausalityCorrection correction, PerfettoTraceWriter.Strings strings)
            throws IOException {
        Path target = dir.resolve("trace-" + strings.name().toLowerCase(Locale.ROOT) + ".pftrace");
        TraceResult sum;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(target), 1 << 16)) {
            PerfettoTraceAssembler a = new PerfettoTraceAssembler(out, summaries.size(), strings);
            a.correction(correction);
            byte[] buf = new byte[1 << 16];
            for (ShardSummary s : summaries) {
                a.rank(s);
                try (InputStream in = Files.newInputStream(ResultFiles.rankTrace(dir, s.rank()))) {
                    int n;
                    while ((n = in.read(buf)) > 0) {
                        a.feed(s.rank(), buf, 0, n);
                    }
                }
                a.endRank(s.rank());
            }
            sum = a.finish();
        }
        long calls = sum.calls().values().stream().mapToLong(Long::longValue).sum();
        return new long[] {Files.size(target), calls};
    }
}
