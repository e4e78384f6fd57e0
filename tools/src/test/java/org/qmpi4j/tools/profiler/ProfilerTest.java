package org.qmpi4j.tools.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.OutputSession;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * The profiler on a one-rank MPI in memory: what it writes, and that recording a call allocates
 * nothing (the real jobs are in the integration tests).
 */
class ProfilerTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errBytes, true);

    private FakeMpi started() throws Exception {
        FakeMpi mpi = new FakeMpi();
        Settings settings = Settings.of(
                null,
                Map.of("qmpi4j.output", dir.toString(), "qmpi4j.flush-seconds", "3600")::get,
                name -> null,
                problem -> {});
        new Profiler(1, settings, err).register();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, new CallingAddress("App", "main", "App.java", 1)));
        return mpi;
    }

    /**
     * Rank 0 writes the reports while the real MPI_Finalize runs (Open MPI's holds every rank until
     * rank 0 enters it), and they are there when MPI_Finalize returns to the application. A step
     * given before the profiler's waits for the binding's MPI_Finalize to be entered: written
     * before it, as the reports were, it would wait in vain.
     */
    @Test
    void writesTheReportsWhileMpiFinalizeRunsAndBeforeItReturns() throws Exception {
        FakeMpi mpi = started();
        OutputSession session = OutputSession.open(new WorldComm(1, FakeMpi.BINDING), null, err);
        CountDownLatch finalizeEntered = new CountDownLatch(1);
        AtomicBoolean stepSawFinalize = new AtomicBoolean();
        AtomicBoolean profileAtFinalizeEntry = new AtomicBoolean(true);
        session.writeLater("waiting for MPI_Finalize", new RankOutput("test", reason -> {}, err), () -> {
            stepSawFinalize.set(finalizeEntered.await(10, TimeUnit.SECONDS));
            return List.of();
        });
        mpi.whenCalled.put(MpiFunction.MPI_FINALIZE, () -> {
            profileAtFinalizeEntry.set(Files.exists(dir.resolve("profile.json")));
            finalizeEntered.countDown();
        });

        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, new CallingAddress("App", "main", "App.java", 20)));

        assertThat(stepSawFinalize)
                .as("the writing went on while MPI_Finalize ran")
                .isTrue();
        assertThat(profileAtFinalizeEntry)
                .as("the profile was not yet written when MPI_Finalize began")
                .isFalse();
        assertThat(dir.resolve("profile.json"))
                .as("written when MPI_Finalize returned")
                .isRegularFile();
        assertThat(dir.resolve("report.txt")).isRegularFile();
        assertThat(errBytes.toString())
                .as("the job's line comes after the writing, with what it wrote")
                .contains("qmpi4j: results in " + dir + " (")
                .contains("profile.json");
    }

    @Test
    void writesProfileAtFinalize() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        CallingAddress send = new CallingAddress("App", "main", "App.java", 10);
        for (int i = 0; i < 5; i++) {
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_SEND, send)
                    .on(world)
                    .peer(0)
                    .tag(1)
                    .bytes(100));
        }
        assertThat(dir.resolve("ranks/rank-0.profile.json")).isRegularFile();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, new CallingAddress("App", "main", "App.java", 20)));
        assertThat(errBytes.toString()).contains("qmpi4j: results in " + dir);
        JsonNode p = JsonNode.parse(Files.readString(dir.resolve("profile.json")));
        assertThat(p.get("ranks").asLong()).isEqualTo(1);
        assertThat(p.get("functions").elements())
                .extracting(f -> f.get("name").asString())
                .containsExactlyInAnyOrder("MPI_INIT", "MPI_SEND", "MPI_FINALIZE");
        assertThat(p.get("matrix").get("bytes").elements().get(0).asLongArray()).containsExactly(500);
        assertThat(JsonNode.parse(Files.readString(dir.resolve("ranks/rank-0.profile.json")))
                        .get("state")
                        .asString())
                .isEqualTo("finalized");
        // After MPI_Finalize nothing more is counted.
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZED, send));
        assertThat(Files.readString(dir.resolve("ranks/rank-0.profile.json"))).doesNotContain("MPI_FINALIZED");
    }

    @Test
    void clockCallsAreCountedNotTimed() throws Exception {
        FakeMpi mpi = started();
        CallingAddress clock = new CallingAddress("App", "main", "App.java", 30);
        for (int i = 0; i < 3; i++) {
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_WTIME, clock));
        }
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_WTICK, clock));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, new CallingAddress("App", "main", "App.java", 40)));
        JsonNode p = JsonNode.parse(Files.readString(dir.resolve("profile.json")));
        Map<String, JsonNode> byName = new java.util.HashMap<>();
        for (JsonNode f : p.get("functions").elements()) {
            byName.put(f.get("name").asString(), f);
        }
        assertThat(java.util.Objects.requireNonNull(byName.get("MPI_WTIME"))
                        .get("calls")
                        .asLong())
                .isEqualTo(3);
        assertThat(java.util.Objects.requireNonNull(byName.get("MPI_WTICK"))
                        .get("calls")
                        .asLong())
                .isEqualTo(1);
        assertThat(java.util.Objects.requireNonNull(byName.get("MPI_WTIME"))
                        .get("time_s")
                        .asDouble())
                .isZero();
        assertThat(java.util.Objects.requireNonNull(byName.get("MPI_WTICK"))
                        .get("time_s")
                        .asDouble())
                .isZero();
    }

    @Test
    void recordingACallAllocatesNothing() throws Exception {
        FakeMpi mpi = started();
        Object world = mpi.constant("COMM_WORLD");
        FakeMpi.Call[] calls = new FakeMpi.Call[8];
        for (int i = 0; i < calls.length; i++) {
            calls[i] = new FakeMpi.Call(
                            i % 2 == 0 ? MpiFunction.MPI_SEND : MpiFunction.MPI_ALLREDUCE,
                            new CallingAddress("App", "main", "App.java", 100 + i))
                    .on(world)
                    .peer(0)
                    .tag(3)
                    .bytes(64 * i);
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        int n = 200_000;
        for (int round = 0; round < 3; round++) { // the last round runs compiled
            long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < n; i++) {
                mpi.call(calls[i & 7]);
            }
            long perCall = (threads.getThreadAllocatedBytes(id) - before) / n;
            if (round == 2) {
                assertThat(perCall).as("bytes allocated per profiled call").isZero();
            }
        }
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, new CallingAddress("App", "main", "App.java", 20)));
    }
}
