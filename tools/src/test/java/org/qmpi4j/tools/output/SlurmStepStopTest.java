package org.qmpi4j.tools.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SlurmStepStopTest {
    @Test
    void appliesToTasksSrunStartedNotToRanksOfMpirunInsideAnAllocation() {
        Map<String, String> srunTask = Map.of("SLURM_JOB_ID", "7", "SLURM_STEP_ID", "0", "SLURM_PROCID", "3");
        assertThat(SlurmStepStop.applies(srunTask)).isTrue();
        Map<String, String> underMpirun =
                Map.of("SLURM_JOB_ID", "7", "SLURM_STEP_ID", "1", "SLURM_PROCID", "0", "OMPI_COMM_WORLD_RANK", "3");
        assertThat(SlurmStepStop.applies(underMpirun)).isFalse();
        assertThat(SlurmStepStop.applies(Map.of("SLURM_JOB_ID", "7")))
                .as("batch script")
                .isFalse();
        assertThat(SlurmStepStop.applies(Map.of())).isFalse();
    }

    @Test
    void ranksOnOtherNodesGetAsLongAgainAsThisNodesTookWithinTheBound() {
        long ms = 1_000_000;
        assertThat(SlurmStepStop.unseenWaitNanos(0, 3_000 * ms, 7_000 * ms))
                .as("every other rank seen")
                .isZero();
        assertThat(SlurmStepStop.unseenWaitNanos(4, 3_000 * ms, 7_000 * ms)).isEqualTo(3_000 * ms);
        assertThat(SlurmStepStop.unseenWaitNanos(4, 200 * ms, 7_000 * ms))
                .as("at least")
                .isEqualTo(SlurmStepStop.UNSEEN_MIN_MS * ms);
        assertThat(SlurmStepStop.unseenWaitNanos(4, 8_000 * ms, 2_000 * ms))
                .as("within the bound")
                .isEqualTo(2_000 * ms);
        assertThat(SlurmStepStop.unseenWaitNanos(4, 10_000 * ms, 0)).isZero();
    }

    @Test
    void readsTheStepsTaskCount() {
        assertThat(SlurmStepStop.tasks(Map.of("SLURM_STEP_NUM_TASKS", "6", "SLURM_NTASKS", "8")))
                .isEqualTo(6);
        assertThat(SlurmStepStop.tasks(Map.of("SLURM_NTASKS", "8"))).isEqualTo(8);
        assertThat(SlurmStepStop.tasks(Map.of("SLURM_NTASKS", "x"))).isZero();
        assertThat(SlurmStepStop.tasks(Map.of())).isZero();
    }

    @Test
    void readsTheRankOfEachToolsFile() {
        assertThat(SlurmStepStop.rankOf("rank-12.profile.json")).isEqualTo(12);
        assertThat(SlurmStepStop.rankOf("rank-0.trace")).isZero();
        assertThat(SlurmStepStop.rankOf("rank-x.trace")).isEqualTo(-1);
        assertThat(SlurmStepStop.rankOf("rank-3")).isEqualTo(-1);
        assertThat(SlurmStepStop.rankOf("world.json")).isEqualTo(-1);
    }
}
