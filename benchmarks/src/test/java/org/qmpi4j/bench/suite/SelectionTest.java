package org.qmpi4j.bench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmpi4j.launch.JobResult;

/** Which programs the selection round keeps: those that pass, on 2 ranks, as short jobs. */
class SelectionTest {
    private static final Duration SHORT = Duration.ofSeconds(5);

    @Test
    void aPassingShortJobStays() {
        assertThat(ThirdPartySuite.exclusion(result(0, false, 400, ""), SHORT)).isNull();
        assertThat(ThirdPartySuite.exclusion(result(0, false, 5000, ""), SHORT)).isNull();
    }

    @Test
    void failuresTimeOutsAndBenchmarksAreLeftOutWithWhy() {
        assertThat(ThirdPartySuite.exclusion(result(1, false, 300, "\n  Needs 4 processes\nat x\n"), SHORT))
                .isEqualTo("exit 1 on 2 ranks: Needs 4 processes");
        assertThat(ThirdPartySuite.exclusion(
                        result(
                                1,
                                false,
                                800,
                                "[1,0]<stderr>:qmpi4j: MPJ rank 0 failed, stopping the job:\n"
                                        + "[1,0]<stderr>:mpi.MPIException: requested source 2 does not exist\n"),
                        SHORT))
                .isEqualTo("exit 1 on 2 ranks: mpi.MPIException: requested source 2 does not exist");
        assertThat(ThirdPartySuite.exclusion(result(124, true, 30_000, ""), SHORT))
                .isEqualTo("no end within the time limit on 2 ranks");
        assertThat(ThirdPartySuite.exclusion(result(0, false, 18_700, ""), SHORT))
                .isEqualTo("not a short job: 18.7 s without the agent (a benchmark; the limit is 5 s)");
    }

    @Test
    void theRewritingSummaryGivesTheCallSites() {
        String summary = "qmpi4j: agent started; tools []\nqmpi4j: rewriting: classes seen 599, rewritten 1; call sites"
                + " rewritten 7, method references 0; failures 0, skipped (class file before Java 7) 0\n";
        assertThat(ThirdPartySuite.callSitesRewritten(result(0, false, 300, summary)))
                .isEqualTo(7);
        assertThat(ThirdPartySuite.callSitesRewritten(result(0, false, 300, "")))
                .isZero();
    }

    private static JobResult result(int exit, boolean timedOut, long millis, String stderr) {
        return new JobResult(
                List.of("java"), exit, timedOut, Duration.ofMillis(millis), "", stderr, Map.of(0, List.of()));
    }
}
