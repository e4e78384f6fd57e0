package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * A tool that throws or does not continue the call is contained: every MPI call still happens
 * exactly once (the counter after it sees exactly the sample's calls), the fault is reported once
 * per instance, the application runs to the end. A tool whose initialiser fails is reported and
 * left out.
 */
class FaultyToolTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Ring", "Collectives"})
    void faultyToolIsContained(String sample) throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + sample, 2, "faulty,counter"));
        SampleOutput out = AgentJob.assertOk(result, 2);
        for (int rank = 0; rank < 2; rank++) {
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("counter after faulty on rank %d\n%s", rank, result.describe())
                    .isEqualTo(out.rankReport(rank).calls);
            assertThat(AgentJob.rankStderr(result, rank).stream().filter(l -> l.contains("tool 'faulty'")))
                    .as("fault reports of rank %d\n%s", rank, result.describe())
                    .hasSize(1);
        }
        assertThat(result.stderr()).contains("qmpi4j: tool 'faulty' (id ").contains("failed in");
    }

    @Test
    void failingInitialiserIsReportedAndLeftOut() throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "Ring", 2, "failing-init,counter"));
        SampleOutput out = AgentJob.assertOk(result, 2);
        for (int rank = 0; rank < 2; rank++) {
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("counter on rank %d", rank)
                    .isEqualTo(out.rankReport(rank).calls);
            assertThat(AgentJob.rankStderr(result, rank).stream().filter(l -> l.contains("tool 'failing-init'")))
                    .as("init failure reports of rank %d\n%s", rank, result.describe())
                    .hasSize(1)
                    .allSatisfy(l -> assertThat(l).contains("initialiser"));
        }
    }
}
