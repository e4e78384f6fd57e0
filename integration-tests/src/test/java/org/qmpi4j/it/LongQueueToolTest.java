package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.launch.JobResult;

/**
 * The MPI standard's example 14.6 as the sample tool {@code long-queue}, under real {@code mpirun}:
 * it finds {@code qmpi4j_posted_receives} by scanning the performance variables at MPI_Init, binds
 * a handle to COMM_WORLD, and flags exactly the blocking receives that {@code QueueDepth} makes
 * while more receives than the threshold are pending (8 pending: flagged; 0 and 3: not).
 */
class LongQueueToolTest {
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void flagsTheReceiveMadeWhileEightReceivesArePending(int ranks) throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "QueueDepth", ranks, "long-queue"));
        AgentJob.assertOk(result, ranks);
        int line = AgentJob.siteMarkers(AgentJob.SAMPLES + "QueueDepth").get("long-queue");
        for (int rank = 0; rank < ranks; rank++) {
            assertThat(lines(result, "QMPI4J-LONGQ rank=" + rank + " "))
                    .as("flagged receives of rank %d\n%s", rank, result.describe())
                    .containsExactly("QMPI4J-LONGQ rank=" + rank + " queue=8 site="
                            + "org.qmpi4j.samples.openmpi.QueueDepth.phase(QueueDepth.java:" + line + ")");
            assertThat(lines(result, "QMPI4J-LONGQ-SUMMARY rank=" + rank + " "))
                    .containsExactly("QMPI4J-LONGQ-SUMMARY rank=" + rank + " receives=3 flagged=1 flagged_via_mpit=1");
        }
    }

    @Test
    void aLowerThresholdAlsoFlagsTheShallowQueue() throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "QueueDepth", 2, "long-queue")
                .jvmOption("-Dqmpi4j.longqueue.threshold=2"));
        AgentJob.assertOk(result, 2);
        for (int rank = 0; rank < 2; rank++) {
            assertThat(lines(result, "QMPI4J-LONGQ rank=" + rank + " ").stream()
                            .map(l -> l.replaceAll(" site=.*", ""))
                            .collect(Collectors.toList()))
                    .containsExactly(
                            "QMPI4J-LONGQ rank=" + rank + " queue=8", "QMPI4J-LONGQ rank=" + rank + " queue=3");
            assertThat(lines(result, "QMPI4J-LONGQ-SUMMARY rank=" + rank + " "))
                    .containsExactly("QMPI4J-LONGQ-SUMMARY rank=" + rank + " receives=3 flagged=2 flagged_via_mpit=2");
        }
    }

    private static List<String> lines(JobResult result, String prefix) {
        return AgentJob.markerLines(result, prefix).stream()
                .filter(l -> l.startsWith(prefix))
                .collect(Collectors.toList());
    }
}
