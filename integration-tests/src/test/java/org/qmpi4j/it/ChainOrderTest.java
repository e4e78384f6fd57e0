package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * {@code tools=trace-a,trace-b,trace-a}: every call passes the three instances in list order and
 * then the binding; a repeated tool is a separate instance with its own id and storage; each
 * instance sees every call.
 */
class ChainOrderTest {
    private static final Pattern TRACE =
            Pattern.compile("QMPI4J-TRACE name=(\\S+) id=(\\d+) rank=(\\d+) calls=(\\d+) storage=(\\d+)");
    private static final Pattern PATH =
            Pattern.compile("QMPI4J-PATH rank=(\\d+) function=(\\S+) path=(\\S+) calls=(\\d+)");
    private static final Pattern CHAIN =
            Pattern.compile("trace-a\\((\\d+)\\)>trace-b\\((\\d+)\\)>trace-a\\((\\d+)\\)>MPI");

    @ParameterizedTest(name = "Ring with {0} ranks")
    @ValueSource(ints = {2, 4})
    void callsPassInstancesInListOrder(int ranks) throws Exception {
        JobResult result =
                AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "Ring", ranks, "trace-a,trace-b,trace-a"));
        SampleOutput out = AgentJob.assertOk(result, ranks);

        for (int rank = 0; rank < ranks; rank++) {
            Map<String, Long> sampleCalls = out.rankReport(rank).calls;
            long total =
                    sampleCalls.values().stream().mapToLong(Long::longValue).sum();

            List<String[]> traces = new ArrayList<>();
            for (String line : AgentJob.markerLines(result, "QMPI4J-TRACE ")) {
                Matcher m = TRACE.matcher(line);
                assertThat(m.matches()).as(line).isTrue();
                if (Integer.parseInt(m.group(3)) == rank) {
                    traces.add(new String[] {m.group(1), m.group(2), m.group(4), m.group(5)});
                }
            }
            assertThat(traces)
                    .as("trace lines of rank %d\n%s", rank, result.describe())
                    .hasSize(3);
            // Each instance counted every call of the sample, in its own storage.
            assertThat(traces)
                    .allSatisfy(t -> assertThat(Long.parseLong(t[2]))
                            .as("calls of %s(%s)", t[0], t[1])
                            .isEqualTo(total));
            Set<String> storages = new HashSet<>();
            traces.forEach(t -> storages.add(t[3]));
            assertThat(storages).as("storage identities of rank %d", rank).hasSize(3);

            Map<String, Long> pathCalls = new TreeMap<>();
            Set<String> chains = new HashSet<>();
            for (String line : AgentJob.markerLines(result, "QMPI4J-PATH ")) {
                Matcher m = PATH.matcher(line);
                assertThat(m.matches()).as(line).isTrue();
                if (Integer.parseInt(m.group(1)) != rank) {
                    continue;
                }
                Matcher c = CHAIN.matcher(m.group(3));
                assertThat(c.matches())
                        .as("path of %s on rank %d", m.group(2), rank)
                        .isTrue();
                chains.add(m.group(3));
                pathCalls.merge(m.group(2), Long.parseLong(m.group(4)), Long::sum);
            }
            assertThat(chains)
                    .as("one path for every function on rank %d", rank)
                    .hasSize(1);
            Matcher c = CHAIN.matcher(chains.iterator().next());
            assertThat(c.matches()).isTrue();
            String i = c.group(1);
            String j = c.group(2);
            String k = c.group(3);
            assertThat(Set.of(i, j, k)).as("distinct instance ids").hasSize(3);
            Map<String, String> nameById = new TreeMap<>();
            traces.forEach(t -> nameById.put(t[1], t[0]));
            assertThat(nameById)
                    .as("instances of rank %d", rank)
                    .containsExactlyInAnyOrderEntriesOf(Map.of(i, "trace-a", j, "trace-b", k, "trace-a"));
            // Paths are recorded when a call completes; MPI_FINALIZE is still running when they are printed.
            Map<String, Long> expected = new TreeMap<>(sampleCalls);
            expected.remove("MPI_FINALIZE");
            assertThat(pathCalls)
                    .as("calls per function along the path on rank %d", rank)
                    .isEqualTo(expected);
        }
    }
}
