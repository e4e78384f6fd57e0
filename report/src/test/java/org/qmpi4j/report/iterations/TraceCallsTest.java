package org.qmpi4j.report.iterations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.formats.trace.TraceFormat.NONE;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.formats.trace.TraceFileWriter;

/** The iterations read from real shard files: sites as the shards define them, times on the common clock. */
class TraceCallsTest {
    /** The completed requests of a call that completed none. */
    private static final long[] NO_REQS = {};

    private static final int BCAST = 0;
    private static final int ALLREDUCE = 1;

    @TempDir
    Path dir;

    private void shards(int ranks, int iterations, int spikeAt, int spikeRank) throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        for (int r = 0; r < ranks; r++) {
            try (TraceFileWriter w =
                    new TraceFileWriter(ResultFiles.rankTrace(dir, r), r, ranks, "openmpi", Long.MAX_VALUE, 4096)) {
                w.defineFunction(BCAST, "MPI_BCAST");
                w.defineFunction(ALLREDUCE, "MPI_ALLREDUCE");
                w.defineThread(1, "main");
                w.defineSite(0, "org.example.Solver", "main", "Solver.java", 12);
                w.defineSite(1, "org.example.Solver", "main", "Solver.java", 20);
                w.clock(0, 0, 0);
                w.zero(0);
                long t = 1_000_000;
                event(w, BCAST, t, 100_000, 0);
                t += 100_000;
                for (int i = 1; i <= iterations; i++) {
                    long compute = 5_000_000 + (i == spikeAt && r == spikeRank ? 300_000_000 : 0);
                    long slowest = 5_000_000 + (i == spikeAt ? 300_000_000 : 0);
                    t += compute;
                    long wait = slowest - compute + 50_000;
                    event(w, ALLREDUCE, t, wait, 1);
                    t += wait;
                }
                w.clock(t, 0, 0);
            }
        }
    }

    private static void event(TraceFileWriter w, int fid, long start, long duration, int site) throws Exception {
        w.event(
                fid, 1, start, duration, NONE, NONE, 8, NONE, NONE, NONE, NONE, site, NONE, NONE, NONE, NONE, NONE,
                NONE, NO_REQS, 0, null);
    }

    @Test
    void theLoopAndItsSpikeAreFoundInTheShards() throws Exception {
        shards(3, 20, 7, 2);
        Iterations it = Objects.requireNonNull(TraceCalls.find(dir, 3, "auto"));
        assertThat(it.found()).as(it.reason()).isTrue();
        assertThat(it.count()).isEqualTo(20);
        Iterations.Boundary b = Objects.requireNonNull(it.boundary());
        assertThat(b.function()).isEqualTo("MPI_ALLREDUCE");
        assertThat(b.line()).isEqualTo(20);
        Iterations.Slowest s = Objects.requireNonNull(it.slowest());
        assertThat(s.iteration()).isEqualTo(7);
        assertThat(s.rank()).isEqualTo(2);
        assertThat(s.wall()).isCloseTo(0.30505, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void offAndAMissingShardGiveNoAnswer() throws Exception {
        shards(2, 10, 0, 0);
        assertThat(TraceCalls.find(dir, 2, "off")).isNull();
        Iterations missing = Objects.requireNonNull(TraceCalls.find(dir, 3, "auto"));
        assertThat(missing.found()).isFalse();
        assertThat(missing.reason()).contains("left no trace");
    }
}
