package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.it.fixtures.FailOnRank;
import org.qmpi4j.it.fixtures.Hang;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;
import org.qmpi4j.launch.OpenMpiLauncher;

/** The {@code mpirun} launcher reports failing ranks and never hangs. */
class OpenMpiLauncherTest {
    private final OpenMpiLauncher launcher = new OpenMpiLauncher();

    @ParameterizedTest(name = "rank 1 fails by {0}")
    @ValueSource(strings = {"throw", "exit"})
    void aFailingRankFailsTheJob(String how) throws Exception {
        JobResult result = launcher.run(MpiJob.builder(FailOnRank.class.getName())
                .classpath(ItJars.testClasses())
                .ranks(2)
                .args("1", how)
                .timeout(Duration.ofMinutes(1))
                .build());

        assertThat(result.timedOut()).as(result.describe()).isFalse();
        assertThat(result.exitCode()).as(result.describe()).isNotZero();
        assertThat(result.rankStdout(1)).as(result.describe()).contains("FailOnRank rank=1 failing=1");
    }

    @Test
    void aHangingJobIsStoppedAtItsTimeLimit() throws Exception {
        JobResult result = launcher.run(MpiJob.builder(Hang.class.getName())
                .classpath(ItJars.testClasses())
                .ranks(2)
                .timeout(Duration.ofSeconds(5))
                .build());

        assertThat(result.timedOut()).as(result.describe()).isTrue();
        assertThat(result.exitCode()).isNotZero();
        assertThat(result.elapsed()).isLessThan(Duration.ofSeconds(30));
        assertThat(ProcessHandle.allProcesses()
                        .filter(p -> p.info()
                                .commandLine()
                                .map(c -> c.contains(Hang.class.getName()))
                                .orElse(false)))
                .as("no rank outlives the job")
                .isEmpty();
    }

    @Test
    void jvmOptionsAndEnvironmentReachEveryRank() throws Exception {
        JobResult result = launcher.run(MpiJob.builder("org.qmpi4j.it.fixtures.PrintSettings")
                .classpath(ItJars.testClasses())
                .ranks(2)
                .jvmOption("-Dqmpi4j.it.marker=from-jvm-option")
                .env("QMPI4J_IT_MARKER", "from-env")
                .timeout(Duration.ofMinutes(1))
                .build());

        assertThat(result.succeeded()).as(result.describe()).isTrue();
        for (int rank = 0; rank < 2; rank++) {
            assertThat(result.rankStdout(rank)).as(result.describe()).contains("property=from-jvm-option env=from-env");
        }
    }
}
