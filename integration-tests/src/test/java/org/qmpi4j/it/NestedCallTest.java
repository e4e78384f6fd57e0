package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * A tool's own MPI call through {@code Qmpi.invokeNext} passes the tools after it: the counter
 * after {@code nested} sees one extra MPI_COMM_RANK per barrier, attributed to the barrier's call
 * site.
 */
class NestedCallTest {
    @Test
    void toolsAfterSeeTheNestedCall() throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "Collectives", 2, "nested,counter"));
        SampleOutput out = AgentJob.assertOk(result, 2);
        List<AgentJob.Site> sites = AgentJob.counterSites(result);
        for (int rank = 0; rank < 2; rank++) {
            Map<String, Long> sample = out.rankReport(rank).calls;
            long barriers = sample.get("MPI_BARRIER");
            assertThat(barriers).isPositive();
            Map<String, Long> expected = new TreeMap<>(sample);
            expected.merge("MPI_COMM_RANK", barriers, Long::sum);
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("counter on rank %d\n%s", rank, result.describe())
                    .isEqualTo(expected);

            int r = rank;
            List<AgentJob.Site> barrierSites = sites.stream()
                    .filter(s -> s.rank == r && s.function.equals("MPI_BARRIER"))
                    .collect(Collectors.toList());
            assertThat(barrierSites).hasSize(1);
            AgentJob.Site barrier = barrierSites.get(0);
            assertThat(sites.stream()
                            .filter(s -> s.rank == r
                                    && s.function.equals("MPI_COMM_RANK")
                                    && s.where.equals(barrier.where)
                                    && s.line == barrier.line))
                    .as("nested MPI_COMM_RANK at the barrier's site on rank %d", rank)
                    .singleElement()
                    .satisfies(s -> assertThat(s.calls).isEqualTo(barriers));
        }
    }
}
