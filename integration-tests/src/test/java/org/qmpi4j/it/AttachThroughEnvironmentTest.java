package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * The README's way to attach without touching the command line: {@code JDK_JAVA_OPTIONS} and {@code QMPI4J_TOOLS} exported to
 * every rank with {@code mpirun -x} (the launcher passes each job variable that way), the
 * application's command line untouched.
 */
class AttachThroughEnvironmentTest {
    @Test
    void agentAttachedThroughJdkJavaOptionsSeesEveryCall() throws Exception {
        String agent = AgentJob.agentOption(""); // -javaagent:...=toolpath=...;verbose, no tool list
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.SAMPLES + "Ring", 2)
                .env("JDK_JAVA_OPTIONS", agent)
                .env("QMPI4J_TOOLS", "counter"));

        SampleOutput out = AgentJob.assertOk(result, 2);
        AgentJob.assertAgentSummary(result, 2);
        for (int rank = 0; rank < 2; rank++) {
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("rank %d\n%s", rank, result.describe())
                    .isEqualTo(out.rankReport(rank).calls);
        }
        assertThat(result.command()).as("nothing on the java command line").noneMatch(a -> a.startsWith("-javaagent"));
    }
}
