package org.qmpi4j.report.trace;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.report.files.AtomicFiles;
import org.qmpi4j.report.files.ResultFiles;

/**
 * Builds a trace of chosen ranks and a time window from a job's shards ({@code ranks/rank-<r>.trace})
 * on the job's common clock, streaming: memory does not grow with the shards. Each shard is read
 * twice, once for its clock alignment (the {@code MPI_Finalize} measurement is its last line) and
 * once for its calls.
 */
public final class TraceBuilder {
    /** The output format. */
    public enum Format {
        /** Perfetto's protobuf trace ({@code perfetto.protos.Trace}): any size. */
        PERFETTO,
        /** Chrome Trace Event JSON (as trace.json): small selections. */
        JSON
    }

    /** What was built. */
    public static final class Result {
        private final Map<Integer, Long> calls;
        private final List<Integer> missing;
        private final List<String> problems;

        Result(Map<Integer, Long> calls, List<Integer> missing, List<String> problems) {
            this.calls = calls;
            this.missing = missing;
            this.problems = problems;
        }

        /** Calls written per rank (in the window). */
        public Map<Integer, Long> calls() {
            return calls;
        }

        /** Selected ranks without a shard. */
        public List<Integer> missingRanks() {
            return missing;
        }

        public List<String> problems() {
            return problems;
        }
    }

    private TraceBuilder() {}

    /**
     * Writes the part {@code selection} of the trace in {@code dir} to {@code target} (atomically).
     *
     * @param ranks the job's number of ranks
     */
    public static Result build(
            Path dir, int ranks, String binding, TraceSelection selection, Format format, Path target)
            throws IOException {
        List<Integer> missing = new ArrayList<>();
        List<Integer> present = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            if (!selection.hasRank(r)) {
                continue;
            }
            (Files.isRegularFile(ResultFiles.rankTrace(dir, r)) ? present : missing).add(r);
        }
        Map<Integer, Long> calls = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        if (format == Format.JSON) {
            AtomicFiles.write(target, (Writer out) -> {
                ChromeTraceAssembler a = new ChromeTraceAssembler(out, ranks, binding);
                a.select(selection);
                for (int r : present) {
                    ShardSummary s = ShardSummary.scan(ResultFiles.rankTrace(dir, r), r);
                    a.clock(r, s.clock(), s.zero());
                    feed(ResultFiles.rankTrace(dir, r), (b, n) -> a.feed(r, b, 0, n));
                    a.endRank(r);
                }
                ChromeTraceAssembler.Summary sum = a.finish();
                problems.addAll(sum.problems());
            });
            present.forEach(r -> calls.put(r, -1L));
            return new Result(calls, missing, problems);
        }
        Path tmp = AtomicFiles.temporaryFor(target);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16);
                PerfettoTraceWriter w = new PerfettoTraceWriter(out)) {
            for (int r : present) {
                Path shard = ResultFiles.rankTrace(dir, r);
                ShardSummary s = ShardSummary.scan(shard, r);
                w.rank(r);
                ClockModel c = s.clock();
                w.instant(
                        r,
                        s.start(),
                        "qmpi4j: clock alignment",
                        "offset_ns",
                        c.firstOffset() + " at MPI_Init, " + c.lastOffset() + " at MPI_Finalize",
                        "error_ns",
                        c.firstError() + " at MPI_Init, " + c.lastError() + " at MPI_Finalize",
                        "measurements",
                        Integer.toString(c.measurements()));
                long[] written = {0};
                ShardParser[] parser = new ShardParser[1];
                parser[0] = new ShardParser(r, new ShardParser.Listener() {
                    @Override
                    public void event(ShardEvent e) throws IOException {
                        long start = s.common(e.start());
                        long end = s.common(e.end());
                        if (!selection.overlaps(start, end)) {
                            return;
                        }
                        String name = parser[0].threads().get(e.tid());
                        w.thread(r, e.tid(), name == null || name.isEmpty() ? "thread " + e.tid() : name);
                        w.slice(
                                r,
                                e,
                                start,
                                end,
                                selection.hasRank(e.peer()) ? e.sentMessage(r) : null,
                                selection.hasRank(e.receivedFrom()) ? e.receivedMessage(r) : null);
                        written[0]++;
                    }

                    @Override
                    public void limit(long limitBytes, long eventsWritten, long localTime) throws IOException {
                        long t = s.common(localTime);
                        if (selection.overlaps(t, t)) {
                            w.instant(r, t, "qmpi4j: trace size limit reached; later calls not recorded");
                        }
                    }
                });
                feed(shard, (b, n) -> parser[0].feed(b, 0, n));
                parser[0].end();
                problems.addAll(parser[0].problems());
                calls.put(r, written[0]);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        AtomicFiles.moveIntoPlace(tmp, target);
        return new Result(calls, missing, problems);
    }

    private interface Chunk {
        void accept(byte[] buf, int len) throws IOException;
    }

    private static void feed(Path file, Chunk chunk) throws IOException {
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                chunk.accept(buf, n);
            }
        }
    }
}
