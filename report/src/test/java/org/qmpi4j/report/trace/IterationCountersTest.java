package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardEvents;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.report.iterations.CallSource;
import org.qmpi4j.report.iterations.IterationCounters;
import org.qmpi4j.report.iterations.IterationFinder;
import org.qmpi4j.report.trace.PerfettoTraceReader.Event;

/**
 * Each rank's "Iteration" counter track appended to a Perfetto trace, read back against Perfetto's
 * schema by {@link PerfettoTraceReader} with the calls written before: the iteration's number from
 * each iteration's start on the rank (after the set-up call), 0 from the end of its last.
 */
class IterationCountersTest {
    private static final long MS = 1_000_000;

    @TempDir
    Path dir;

    /**
     * Two ranks: a set-up call from 0 to 1 ms, then 5 iterations of a 0.1 ms exchange, a compute
     * of 4 ms (rank 1: 2 ms more in iteration 3) and a 0.2 ms allreduce, then a tear-down call.
     */
    private static final class Loop implements CallSource {
        private static final Iterations.Boundary INIT = site("MPI_INIT", 1);
        private static final Iterations.Boundary EXCHANGE = site("MPI_SENDRECV", 10);
        private static final Iterations.Boundary ALLREDUCE = site("MPI_ALLREDUCE", 11);
        private static final Iterations.Boundary FINALIZE = site("MPI_BARRIER", 20);

        private static Iterations.Boundary site(String f, int line) {
            return new Iterations.Boundary(f, "demo.Solver", "main", "Solver.java", line);
        }

        @Override
        public int[] ranks() {
            return new int[] {0, 1};
        }

        @Override
        public void read(int rank, Sink sink) {
            long t = 0;
            sink.call(INIT, t, t += MS);
            for (int i = 1; i <= 5; i++) {
                sink.call(EXCHANGE, t, t += MS / 10);
                t += 4 * MS + (rank == 1 && i == 3 ? 2 * MS : 0);
                sink.call(ALLREDUCE, t, t += MS / 5);
            }
            sink.call(FINALIZE, t, t + MS);
        }

        /** When rank {@code rank} starts iteration {@code i} (from 1). */
        static long start(int rank, int i) {
            long t = MS;
            for (int k = 1; k < i; k++) {
                t += MS / 10 + 4 * MS + (rank == 1 && k == 3 ? 2 * MS : 0) + MS / 5;
            }
            return t;
        }
    }

    private static byte[] calls() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PerfettoTraceWriter w = new PerfettoTraceWriter(out)) {
            for (int r = 0; r < 2; r++) {
                w.thread(r, 1, "main");
                ShardEvent e = ShardEvents.call("MPI_INIT", 1, 0, 0, 0);
                w.slice(r, e, 0, MS, null, (String) null);
            }
        }
        return out.toByteArray();
    }

    @Test
    void eachRankHasAnIterationCounterSteppingAtEachIterationsStart() throws Exception {
        IterationCounters counters = new IterationCounters();
        Iterations it = Objects.requireNonNull(IterationFinder.find(new Loop(), "auto", null, counters));
        assertThat(it.count()).isEqualTo(5);
        assertThat(counters.stride()).isEqualTo(1);
        Path trace = dir.resolve("trace.pftrace");
        Files.write(trace, calls());
        counters.appendTo(trace);

        PerfettoTraceReader r = PerfettoTraceReader.read(trace);
        assertThat(r.calls).hasSize(2); // the calls written before are untouched
        assertThat(r.descriptions.values()).as("each track described once").containsOnly(1);
        for (int rank = 0; rank < 2; rank++) {
            List<Event> values = r.counter(rank, "Iteration");
            assertThat(values).extracting(e -> e.value).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 0.0);
            for (int i = 1; i <= 5; i++) {
                assertThat(values.get(i - 1).start)
                        .as("rank %d iteration %d", rank, i)
                        .isEqualTo(Loop.start(rank, i));
            }
            assertThat(values.get(5).start).isEqualTo(Loop.start(rank, 6));
        }
        // rank 1's iteration 3 took 2 ms longer: its iteration 4 starts 2 ms after rank 0's
        assertThat(r.counter(1, "Iteration").get(3).start
                        - r.counter(0, "Iteration").get(3).start)
                .isEqualTo(2 * MS);
    }

    @Test
    void aLongJobKeepsEveryKthIterationWithinItsBound() throws Exception {
        IterationCounters counters = new IterationCounters(4); // 2 ranks x 5 iterations: every 3rd
        IterationFinder.find(new Loop(), "auto", null, counters);
        assertThat(counters.stride()).isEqualTo(3);
        Path trace = dir.resolve("trace.pftrace");
        Files.write(trace, calls());
        counters.appendTo(trace);
        PerfettoTraceReader r = PerfettoTraceReader.read(trace);
        List<Event> values = r.counter(1, "Iteration");
        assertThat(values).extracting(e -> e.value).containsExactly(1.0, 4.0, 0.0);
        assertThat(values.get(1).start).isEqualTo(Loop.start(1, 4));
    }

    /** A trace.json of the two ranks' set-up calls, as the tracer writes it ({@code fed}: with them, else empty). */
    private Path json(boolean fed) throws Exception {
        Path trace = dir.resolve("trace.json");
        AtomicFiles.write(trace, (Writer out) -> {
            ChromeTraceAssembler a = new ChromeTraceAssembler(out, 2, "openmpi");
            for (int r = 0; fed && r < 2; r++) {
                Path shard = dir.resolve("rank-" + r + ".trace");
                try (TraceFileWriter w = new TraceFileWriter(shard, r, 2, "openmpi", Long.MAX_VALUE, 4096)) {
                    w.defineFunction(0, "MPI_INIT");
                    w.defineThread(1, "main");
                    w.clock(0, 0, 0);
                    w.zero(0);
                    w.event(
                            0,
                            1,
                            0,
                            MS,
                            TraceFormat.NONE,
                            TraceFormat.NONE,
                            TraceFormat.NONE,
                            TraceFormat.NONE,
                            TraceFormat.NONE,
                            TraceFormat.NONE,
                            TraceFormat.NONE);
                    w.clock(30 * MS, 0, 0);
                }
                byte[] b = Files.readAllBytes(shard);
                a.feed(r, b, 0, b.length);
                a.endRank(r);
            }
            a.finish();
        });
        return trace;
    }

    /** pid -> the "Iteration" counter's (ts in ns, value) in the order of the document. */
    private static Map<Long, List<long[]>> jsonCounters(JsonNode trace) throws Exception {
        Map<Long, List<long[]>> out = new TreeMap<>();
        for (JsonNode e : trace.get("traceEvents").elements()) {
            if (e.get("ph").asString().equals("C")) {
                assertThat(e.get("name").asString()).isEqualTo(IterationCounters.NAME);
                out.computeIfAbsent(e.get("pid").asLong(), k -> new ArrayList<>())
                        .add(new long[] {
                            Math.round(e.get("ts").asDouble() * 1000),
                            e.get("args").get("value").asLong()
                        });
            }
        }
        return out;
    }

    @Test
    void traceJsonGetsTheSameCounterAsCounterEvents() throws Exception {
        IterationCounters counters = new IterationCounters();
        IterationFinder.find(new Loop(), "auto", null, counters);
        Path trace = json(true);
        String before = Files.readString(trace);
        counters.appendToJson(trace);
        String after = Files.readString(trace);
        JsonNode root = JsonNode.parse(after); // still JSON
        // The events written before and the trailer are untouched.
        assertThat(after).startsWith(before.substring(0, before.indexOf("\n],\n")));
        assertThat(after).endsWith(before.substring(before.indexOf("\n],\n")));
        int calls = 0;
        for (JsonNode e : root.get("traceEvents").elements()) {
            if (e.get("ph").asString().equals("X") && e.get("cat").asString().equals(ChromeTraceAssembler.CALLS)) {
                calls++;
            }
        }
        assertThat(calls).isEqualTo(2);
        assertThat(root.get("otherData").get("ranks").asLong()).isEqualTo(2);

        Map<Long, List<long[]>> c = jsonCounters(root);
        assertThat(c).containsOnlyKeys(0L, 1L);
        for (int rank = 0; rank < 2; rank++) {
            List<long[]> values = Objects.requireNonNull(c.get((long) rank));
            assertThat(values).extracting(v -> v[1]).containsExactly(1L, 2L, 3L, 4L, 5L, 0L);
            for (int i = 1; i <= 6; i++) {
                assertThat(values.get(i - 1)[0]).as("rank %d point %d", rank, i).isEqualTo(Loop.start(rank, i));
            }
        }

        // The same points as the Perfetto counter track.
        Path pftrace = dir.resolve("trace.pftrace");
        Files.write(pftrace, calls());
        counters.appendTo(pftrace);
        PerfettoTraceReader r = PerfettoTraceReader.read(pftrace);
        for (int rank = 0; rank < 2; rank++) {
            List<String> perfetto = new ArrayList<>();
            for (Event e : r.counter(rank, "Iteration")) {
                perfetto.add(e.start + "=" + (long) e.value);
            }
            List<String> json = new ArrayList<>();
            for (long[] v : Objects.requireNonNull(c.get((long) rank))) {
                json.add(v[0] + "=" + v[1]);
            }
            assertThat(json).containsExactlyElementsOf(perfetto);
        }
    }

    @Test
    void aLongJobsTraceJsonKeepsEveryKthIterationWithinItsBound() throws Exception {
        IterationCounters counters = new IterationCounters(4); // 2 ranks x 5 iterations: every 3rd
        IterationFinder.find(new Loop(), "auto", null, counters);
        Path trace = json(true);
        counters.appendToJson(trace);
        Map<Long, List<long[]>> c = jsonCounters(JsonNode.parse(Files.readString(trace)));
        assertThat(c.get(1L)).extracting(v -> v[1]).containsExactly(1L, 4L, 0L);
        assertThat(Objects.requireNonNull(c.get(1L)).get(1)[0]).isEqualTo(Loop.start(1, 4));
    }

    @Test
    void aTraceJsonWithoutEventsGetsThemAsItsFirst() throws Exception {
        IterationCounters counters = new IterationCounters();
        IterationFinder.find(new Loop(), "auto", null, counters);
        Path trace = json(false);
        counters.appendToJson(trace);
        JsonNode root = JsonNode.parse(Files.readString(trace));
        assertThat(root.get("traceEvents").elements()).hasSize(2 * 6);
        assertThat(root.get("otherData").get("missing_ranks").asLongArray()).containsExactly(0, 1);
    }

    @Test
    void aFileThatIsNotTheTracersIsLeftAsItWas() throws Exception {
        IterationCounters counters = new IterationCounters();
        IterationFinder.find(new Loop(), "auto", null, counters);
        Path trace = dir.resolve("trace.json");
        Files.writeString(trace, "{\"traceEvents\":[]}");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> counters.appendToJson(trace))
                .isInstanceOf(java.io.IOException.class)
                .hasMessageContaining("does not end as qmpi4j's trace.json does");
        assertThat(Files.readString(trace)).isEqualTo("{\"traceEvents\":[]}");
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(trace);
        }
    }
}
