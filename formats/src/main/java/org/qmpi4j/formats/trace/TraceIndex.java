package org.qmpi4j.formats.trace;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * {@code trace-index.json}: written instead of the merged trace when the shards together exceed
 * the merge limit. Says which ranks have a shard, where, how large, over which time span on the
 * job's common clock (seconds from its zero), how each rank's clock was aligned, and the command
 * that builds a trace of chosen ranks and a time window.
 */
public final class TraceIndex {
    public static final String FILE = "trace-index.json";

    private TraceIndex() {}

    /** The command line that builds a trace of part of the job in {@code dir}. */
    public static String command(Path dir, int ranks, long startNs, long endNs) {
        int last = Math.min(ranks, 16) - 1;
        long mid = startNs + (endNs - startNs) / 2;
        return "qmpi4j trace --ranks 0-" + last + " --from " + plainSeconds(mid) + "s --to "
                + plainSeconds(Math.min(endNs, mid + 1_000_000_000L)) + "s " + dir;
    }

    /** Writes the index of {@code shards} (every rank that has one) into {@code dir}. */
    public static void write(
            Path dir, int ranks, String binding, List<ShardSummary> shards, List<Integer> missing, long mergeLimit)
            throws IOException {
        long total = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (ShardSummary s : shards) {
            total += s.bytes();
            if (s.events() > 0) {
                start = Math.min(start, s.start());
                end = Math.max(end, s.end());
            }
        }
        if (start > end) {
            start = 0;
            end = 0;
        }
        long from = start;
        long to = end;
        long sum = total;
        AtomicFiles.write(dir.resolve(FILE), (Writer out) -> {
            JsonWriter w = new JsonWriter(out, true);
            w.beginObject()
                    .member("tool", "qmpi4j tracer")
                    .member("binding", binding)
                    .member("ranks", ranks)
                    .member("shard_bytes", sum)
                    .member("merge_limit_bytes", mergeLimit)
                    .member("start_s", seconds(from))
                    .member("end_s", seconds(to))
                    .member(
                            "clock",
                            "seconds on rank 0's clock from the job's zero (MPI_Init); other ranks mapped onto it")
                    .member("build", command(dir, ranks, from, to));
            w.name("missing_ranks").beginInlineArray();
            missing.forEach(r -> w.value(r));
            w.endArray();
            w.name("shards").beginArray();
            for (ShardSummary s : shards) {
                w.beginInlineObject()
                        .member("rank", s.rank())
                        .member(
                                "path",
                                ResultFiles.RANKS_DIR + "/"
                                        + ResultFiles.rankTrace(dir, s.rank()).getFileName())
                        .member("bytes", s.bytes())
                        .member("calls", s.events())
                        .member("start_s", seconds(s.start()))
                        .member("end_s", seconds(s.end()))
                        .member("truncated", s.truncated())
                        .endObject();
            }
            w.endArray();
            w.name("clock_offsets").beginArray();
            for (ShardSummary s : shards) {
                ClockSummary.write(w, s.rank(), s.clock(), s.events() > 0, s.firstLocal(), s.lastLocal());
            }
            w.endArray();
            w.endObject();
            w.finish();
            out.write("\n");
        });
    }

    /** Nanoseconds as seconds for a command line (e.g. {@code 1.25}, {@code 0.000512}). */
    static String plainSeconds(long ns) {
        return java.math.BigDecimal.valueOf(Math.round(ns / 1000.0), 6)
                .stripTrailingZeros()
                .toPlainString();
    }

    /** Nanoseconds as seconds, rounded to the microsecond. */
    static double seconds(long ns) {
        return Math.round(ns / 1000.0) / 1e6;
    }
}
