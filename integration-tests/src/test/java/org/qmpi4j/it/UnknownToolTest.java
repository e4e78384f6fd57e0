package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * An unknown tool name stops the job at {@code MPI.Init} with a list of the available tools,
 * wherever the list comes from; the agent argument wins over the system property, which wins over
 * the environment. Rank 0 says it; the other ranks, which the launcher told their rank, stay quiet.
 */
class UnknownToolTest {
    private static final String RING = AgentJob.SAMPLES + "Ring";

    @Test
    void unknownToolInAgentArgumentStopsTheJob() throws Exception {
        assertFailsFast(AgentJob.withTools(RING, 2, "counter,no-such-tool"));
    }

    @Test
    void unknownToolInEnvironmentStopsTheJob() throws Exception {
        assertFailsFast(AgentJob.plain(RING, 2)
                .jvmOption(AgentJob.agentOption(""))
                .env("QMPI4J_TOOLS", "counter,no-such-tool"));
    }

    @Test
    void unknownToolInSystemPropertyStopsTheJob() throws Exception {
        assertFailsFast(AgentJob.plain(RING, 2)
                .jvmOption(AgentJob.agentOption(""))
                .jvmOption("-Dqmpi4j.tools=counter,no-such-tool"));
    }

    @Test
    void agentArgumentWinsOverPropertyAndEnvironment() throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(RING, 2, "counter")
                .jvmOption("-Dqmpi4j.tools=no-such-tool")
                .env("QMPI4J_TOOLS", "no-such-tool"));
        assertCounted(result);
    }

    @Test
    void propertyWinsOverEnvironment() throws Exception {
        JobResult result = AgentJob.run(AgentJob.plain(RING, 2)
                .jvmOption(AgentJob.agentOption(""))
                .jvmOption("-Dqmpi4j.tools=counter")
                .env("QMPI4J_TOOLS", "no-such-tool"));
        assertCounted(result);
    }

    @Test
    void environmentAloneSelectsTools() throws Exception {
        JobResult result = AgentJob.run(
                AgentJob.plain(RING, 2).jvmOption(AgentJob.agentOption("")).env("QMPI4J_TOOLS", "counter"));
        assertCounted(result);
    }

    private static void assertCounted(JobResult result) {
        SampleOutput out = AgentJob.assertOk(result, 2);
        assertThat(result.stderr()).doesNotContain("unknown tool");
        for (int rank = 0; rank < 2; rank++) {
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("counter on rank %d", rank)
                    .isEqualTo(out.rankReport(rank).calls);
        }
    }

    private static void assertFailsFast(MpiJob.Builder job) throws Exception {
        JobResult result = AgentJob.run(job.timeout(Duration.ofSeconds(60)));
        assertThat(result.timedOut()).as(result.describe()).isFalse();
        assertThat(result.exitCode()).as(result.describe()).isNotZero();
        assertThat(result.elapsed()).as("fails fast\n%s", result.describe()).isLessThan(Duration.ofSeconds(30));
        assertThat(result.stderr())
                .as(result.describe())
                .contains("unknown tool 'no-such-tool'")
                .contains("Available tools:")
                .containsPattern("(?m)^.*\\bcounter\\b.*$");
        assertThat(AgentJob.rankStderr(result, 0))
                .as("rank 0 says it\n%s", result.describe())
                .anyMatch(l -> l.contains("unknown tool 'no-such-tool'"));
        assertThat(AgentJob.rankStderr(result, 1))
                .as("the other ranks leave it to rank 0\n%s", result.describe())
                .noneMatch(l -> l.contains("unknown tool"));
        String afterList = result.stderr().substring(result.stderr().indexOf("Available tools:"));
        assertThat(afterList)
                .as("the list names the available tools")
                .contains("counter")
                .contains("send-profiler");
        assertThat(result.stdout())
                .as("the sample printed no result")
                .doesNotContain("QMPI4J-SAMPLE")
                .doesNotContain("QMPI4J-TOOL");
        assertThat(ItJars.lib()).exists();
    }
}
