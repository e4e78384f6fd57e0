package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.launch.JobResult;

/**
 * The JVM keeps its own signal handlers when a tool reads the MPI library's MPI_T. Open MPI's
 * {@code MPI_T_init_thread}, which the agent calls when a tool first initialises MPI_T, opens every
 * component, and UCX's library, loading with them, takes SIGSEGV, SIGBUS, SIGILL and SIGFPE from
 * the JVM. HotSpot turns a null pointer in compiled code into an exception through SIGSEGV, so with
 * UCX's handler in place the next one printed "Caught signal 11" and often killed the JVM (SIGABRT,
 * an {@code hs_err} file naming compiled code, e.g. JNA's {@code Function.invoke} inside the
 * agent's own listing of the library's categories).
 *
 * <p>The agent says (verbose) which handlers the call replaced and that it put the JVM's back; on
 * this machine's Open MPI 4.1 with UCX it always does, so a rank without that line means the
 * handlers were not kept. {@code NullChecks} catches thousands of null pointers in compiled code in four threads right
 * after {@code MPI_Init_thread}, under the tool {@code event-counts} (which initialises MPI_T), beside
 * a CPU hog (load changes when the JIT compiles what; it made the crash frequent). The stress test
 * (profile {@code stress}) starts tool initialisation under {@code MPI_THREAD_MULTIPLE} 200 times.
 */
class JvmSignalsTest {
    /** What UCX's handler prints when it takes a signal the JVM meant for itself. */
    private static final String UCX_CAUGHT = "Caught signal";

    @Test
    void nullPointersInCompiledCodeAfterMpitInitialisationStayTheJvms() throws Exception {
        try (CpuHog hog = CpuHog.start(2)) {
            JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.FEATURES + "NullChecks", 2, "event-counts"));
            AgentJob.assertOk(result, 2);
            assertThat(result.stderr()).as(result.describe()).doesNotContain(UCX_CAUGHT);
            for (int rank = 0; rank < 2; rank++) {
                assertThat(AgentJob.rankStderr(result, rank))
                        .as("rank %d saw UCX take the JVM's handlers and put them back\n%s", rank, result.describe())
                        .anyMatch(
                                line -> line.startsWith("qmpi4j: MPI_T: MPI_T_init_thread replaced the JVM's handlers")
                                        && line.contains("SIGSEGV"));
            }
        }
    }

    @Test
    @Tag("stress")
    void toolInitialisationUnderThreadMultipleBesideACpuHogNeverCrashes() throws Exception {
        int runs = Integer.getInteger("qmpi4j.stress.runs", 200);
        List<String> failures = new ArrayList<>();
        try (CpuHog hog = CpuHog.start(2)) {
            for (int run = 1; run <= runs; run++) {
                String sample = run % 2 == 0 ? "Threads" : "NullChecks";
                JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.FEATURES + sample, 2, "event-counts")
                        .args("50"));
                if (!result.succeeded() || result.stderr().contains(UCX_CAUGHT)) {
                    failures.add("run " + run + " (" + sample + "): " + result.describe());
                }
            }
        }
        assertThat(failures).as("of %d runs", runs).isEmpty();
    }

    /** Threads that spin until closed: the load under which the crash was seen. */
    private static final class CpuHog implements AutoCloseable {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final List<Thread> threads = new ArrayList<>();

        static CpuHog start(int threads) {
            CpuHog hog = new CpuHog();
            for (int i = 0; i < threads; i++) {
                Thread t = new Thread(hog::spin, "cpu-hog-" + i);
                t.setDaemon(true);
                hog.threads.add(t);
                t.start();
            }
            return hog;
        }

        private void spin() {
            long x = 0;
            while (running.get()) {
                x += System.nanoTime() & 1;
            }
            if (x == 42) {
                System.out.print("");
            }
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            for (Thread t : threads) {
                t.join();
            }
        }
    }
}
