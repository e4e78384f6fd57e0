package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.launch.JobResult;

/**
 * A chain of four pass-through tools changes nothing the application sees: each rank's output
 * (results, own call counts, messages, and the MPI exception's class, message and error class) is
 * the same as without the agent. Lines that legitimately differ (tool output; {@code #} lines,
 * which carry timings) are left out of the comparison.
 */
class TransparencyTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Ring", "Collectives", "features.MpiErrors"})
    void passThroughChainIsInvisible(String sample) throws Exception {
        String main = AgentJob.SAMPLES + sample;
        JobResult plain = AgentJob.run(AgentJob.plain(main, 2));
        JobResult tooled = AgentJob.run(AgentJob.withTools(main, 2, "passthrough,passthrough,passthrough,passthrough"));

        assertThat(plain.succeeded()).as(plain.describe()).isTrue();
        AgentJob.assertOk(tooled, 2);
        assertThat(plain.stderr()).as("no agent in the plain run").doesNotContain("qmpi4j:");
        for (int rank = 0; rank < 2; rank++) {
            int r = rank;
            List<String> without = comparable(plain, rank);
            List<String> with = comparable(tooled, rank);
            assertThat(without)
                    .as("rank %d without agent", rank)
                    .anyMatch(l -> l.startsWith("QMPI4J-SAMPLE rank=" + r + " "))
                    .anyMatch(l -> l.startsWith("QMPI4J-CALLS "));
            assertThat(with)
                    .as("rank %d: with passthrough x4 vs without agent\n%s", rank, tooled.describe())
                    .containsExactlyElementsOf(without);
            if (sample.endsWith("MpiErrors")) {
                assertThat(without)
                        .as("the MPI error reached the application")
                        .anyMatch(l -> l.startsWith("error: mpi.MPIException: ")
                                && l.contains("errorClass=")
                                && l.endsWith("isRankError=true"));
            }
        }
    }

    private static List<String> comparable(JobResult result, int rank) {
        return result.rankStdout(rank).stream()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .filter(l -> !l.startsWith("QMPI4J-TOOL")
                        && !l.startsWith("QMPI4J-SITE")
                        && !l.startsWith("QMPI4J-TRACE")
                        && !l.startsWith("QMPI4J-PATH"))
                .sorted()
                .collect(Collectors.toList());
    }
}
