package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.it.fixtures.FailOnRank;
import org.qmpi4j.it.fixtures.Hang;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/** MPJ's stock launchers exit 0 when a rank throws; ours report it, and never hang. */
class MpjLauncherTest {

    @ParameterizedTest(name = "{0}: a rank that throws fails the job")
    @ValueSource(strings = {"multicore", "niodev"})
    void aThrowingRankFailsTheJob(String mode) throws Exception {
        JobResult result = MpjSamplesTest.launcher(mode)
                .run(MpiJob.builder(FailOnRank.class.getName())
                        .classpath(ItJars.testClasses())
                        .ranks(2)
                        .args("1", "throw")
                        .timeout(Duration.ofMinutes(1))
                        .build());

        assertThat(result.timedOut()).as(result.describe()).isFalse();
        assertThat(result.exitCode()).as(result.describe()).isNotZero();
        assertThat(result.stderr()).contains("rank 1 fails on purpose");
    }

    @ParameterizedTest(name = "{0}: a rank that exits non-zero fails the job")
    @ValueSource(strings = {"multicore", "niodev"})
    void aRankExitingNonZeroFailsTheJob(String mode) throws Exception {
        JobResult result = MpjSamplesTest.launcher(mode)
                .run(MpiJob.builder(FailOnRank.class.getName())
                        .classpath(ItJars.testClasses())
                        .ranks(2)
                        .args("1", "exit")
                        .timeout(Duration.ofMinutes(1))
                        .build());

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(3);
    }

    @ParameterizedTest(name = "{0}: a hanging job is stopped at its limit")
    @ValueSource(strings = {"multicore", "niodev"})
    void aHangingJobIsStopped(String mode) throws Exception {
        JobResult result = MpjSamplesTest.launcher(mode)
                .run(MpiJob.builder(Hang.class.getName())
                        .classpath(ItJars.testClasses())
                        .ranks(2)
                        .timeout(Duration.ofSeconds(5))
                        .build());

        assertThat(result.timedOut()).as(result.describe()).isTrue();
        assertThat(result.exitCode()).isNotZero();
        assertThat(ProcessHandle.allProcesses()
                        .filter(p -> p.info()
                                .commandLine()
                                .map(c -> c.contains(Hang.class.getName()))
                                .orElse(false)))
                .as("no rank outlives the job")
                .isEmpty();
    }
}
