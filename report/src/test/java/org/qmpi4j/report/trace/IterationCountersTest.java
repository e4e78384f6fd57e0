package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardEvents;
import org.qmpi4j.report.iterations.CallSource;
import org.qmpi4j.report.iterations.IterationFinder;
import org.qmpi4j.report.iterations.PerfettoIterations;
import org.qmpi4j.report.trace.PerfettoTraceReader.Event;

/**
 * Each rank's "Iteration" counter track appended to a Perfetto trace, read back against Perfetto's
 * schema by {@link PerfettoTraceReader} with the calls written before: the iteration's number from
 * each iteration's start on the rank (after the set-up call), 0 from the end of its last.
 */
class PerfettoIterationsTest {
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
        PerfettoIterations counters = new PerfettoIterations();
        Iterations it = IterationFinder.find(new Loop(), "auto", null, counters);
        assertThat(it).isNotNull();
        assertThat(it.count()).isEqualTo(5);
        assertThat(counters.stride()).isEqualTo(1);
        Path trace = dir.resolve("trace.pftrace");
        Files.write(trace, calls());
        counters.appendTo(trace);

        PerfettoTraceReader r = PerfettoTraceReader.read(trace);
        assertThat(r.calls).hasSize(2); // the calls written before are untouched
        assertThat(r.descriptions.values()).as("each track described once").containsOnly(1);
        for (int rank = 0; rank < 2; rank++) {
            List<Event> values = r.counters.get(rank).get("Iteration");
            assertThat(values).extracting(e -> e.value).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 0.0);
            for (int i = 1; i <= 5; i++) {
                assertThat(values.get(i - 1).start)
                        .as("rank %d iteration %d", rank, i)
                        .isEqualTo(Loop.start(rank, i));
            }
            assertThat(values.get(5).start).isEqualTo(Loop.start(rank, 6));
        }
        // rank 1's iteration 3 took 2 ms longer: its iteration 4 starts 2 ms after rank 0's
        assertThat(r.counters.get(1).get("Iteration").get(3).start
                        - r.counters.get(0).get("Iteration").get(3).start)
                .isEqualTo(2 * MS);
    }

    @Test
    void aLongJobKeepsEveryKthIterationWithinItsBound() throws Exception {
        PerfettoIterations counters = new PerfettoIterations(4); // 2 ranks x 5 iterations: every 3rd
        IterationFinder.find(new Loop(), "auto", null, counters);
        assertThat(counters.stride()).isEqualTo(3);
        Path trace = dir.resolve("trace.pftrace");
        Files.write(trace, calls());
        counters.appendTo(trace);
        PerfettoTraceReader r = PerfettoTraceReader.read(trace);
        List<Event> values = r.counters.get(1).get("Iteration");
        assertThat(values).extracting(e -> e.value).containsExactly(1.0, 4.0, 0.0);
        assertThat(values.get(1).start).isEqualTo(Loop.start(1, 4));
    }
}
