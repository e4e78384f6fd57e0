package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/** {@code MPI.pControl(0)} switches every tool off until {@code pControl(1)}; both calls reach the tools. */
class PcontrolTest {
    @Test
    void toolsSeeNothingWhileSwitchedOff() throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.FEATURES + "PcontrolRegion", 2, "counter"));
        SampleOutput out = AgentJob.assertOk(result, 2);
        for (int rank = 0; rank < 2; rank++) {
            assertThat(out.rankReport(rank).calls)
                    .as("the sample's own count")
                    .containsEntry("MPI_BARRIER", 6L)
                    .containsEntry("MPI_ALLREDUCE", 1L)
                    .containsEntry("MPI_PCONTROL", 2L);
            Map<String, Long> seen = AgentJob.counterOnRank(result, rank);
            assertThat(seen)
                    .as("counter on rank %d\n%s", rank, result.describe())
                    .isEqualTo(Map.of(
                            "MPI_INIT",
                            1L,
                            "MPI_COMM_RANK",
                            1L,
                            "MPI_COMM_SIZE",
                            1L,
                            "MPI_BARRIER",
                            3L, // 2 before pControl(0), 1 after pControl(1)
                            "MPI_PCONTROL",
                            2L,
                            "MPI_FINALIZE",
                            1L));
        }
    }
}
