package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * Every Open MPI sample under {@code tools=counter}: on every rank the counter sees exactly the MPI
 * calls the sample counted itself, at call sites in the sample's own source.
 */
class AgentCountsTest {
    @ParameterizedTest(name = "{0} with {1} ranks")
    @MethodSource("org.qmpi4j.it.support.OpenMpiSampleRuns#everySampleWithTwoAndFourRanks")
    void counterSeesExactlyTheSamplesCalls(String sample, int ranks) throws Exception {
        var job = AgentJob.withTools(AgentJob.SAMPLES + sample, ranks, "counter");
        if (sample.equals("PingPong")) {
            job.args("--iterations", "20");
        }
        JobResult result = AgentJob.run(job);
        SampleOutput out = AgentJob.assertOk(result, ranks);

        List<AgentJob.Site> sites = AgentJob.counterSites(result);
        for (int rank = 0; rank < ranks; rank++) {
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("counter vs sample on rank %d\n%s", rank, result.describe())
                    .isEqualTo(out.rankReport(rank).calls);
            int r = rank;
            List<AgentJob.Site> mine = sites.stream().filter(s -> s.rank == r).collect(Collectors.toList());
            assertThat(mine).as("call sites of rank %d", rank).isNotEmpty().allSatisfy(s -> {
                assertThat(s.where).startsWith("org.qmpi4j.samples.openmpi." + sample + ".");
                assertThat(s.file).isEqualTo(sample + ".java");
                assertThat(s.line).isPositive();
            });
            // Per-site counts add up to the per-function counts.
            Map<String, Long> siteTotals = new TreeMap<>();
            mine.forEach(s -> siteTotals.merge(s.function, s.calls, Long::sum));
            assertThat(siteTotals).as("site totals of rank %d", rank).isEqualTo(out.rankReport(rank).calls);
        }
    }
}
