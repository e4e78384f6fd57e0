package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/** The agent (built for Java 11) on a JDK 25 runtime. */
class Jdk25Test {
    private static final Path JAVA_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    @Test
    void countsOnJdk25() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(JAVA_25), JAVA_25 + " not installed");
        JobResult result = AgentJob.run(
                AgentJob.withTools(AgentJob.SAMPLES + "Ring", 2, "counter").javaExecutable(JAVA_25));
        SampleOutput out = AgentJob.assertOk(result, 2);
        for (int rank = 0; rank < 2; rank++) {
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("counter on rank %d\n%s", rank, result.describe())
                    .isEqualTo(out.rankReport(rank).calls);
        }
    }
}
