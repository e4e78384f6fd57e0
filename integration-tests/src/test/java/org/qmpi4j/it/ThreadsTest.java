package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/** Four threads per rank calling MPI at once, under counter and trace-a: nothing lost or doubled. */
class ThreadsTest {
    private static final Pattern TRACE =
            Pattern.compile("QMPI4J-TRACE name=trace-a id=\\d+ rank=(\\d+) calls=(\\d+) storage=\\d+");
    private static final Pattern PATH =
            Pattern.compile("QMPI4J-PATH rank=(\\d+) function=(\\S+) path=(\\S+) calls=(\\d+)");

    @Test
    void concurrentCallsAreCountedExactly() throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.FEATURES + "Threads", 2, "counter,trace-a"));
        SampleOutput out = AgentJob.assertOk(result, 2);
        for (int rank = 0; rank < 2; rank++) {
            Map<String, Long> sample = out.rankReport(rank).calls;
            assertThat(sample)
                    .as("sample counts")
                    .containsKeys("MPI_INIT_THREAD", "MPI_SENDRECV", "MPI_SEND", "MPI_RECV");
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("counter on rank %d\n%s", rank, result.describe())
                    .isEqualTo(sample);
            long total = sample.values().stream().mapToLong(Long::longValue).sum();
            int r = rank;
            assertThat(AgentJob.markerLines(result, "QMPI4J-TRACE ").stream()
                            .map(TRACE::matcher)
                            .filter(m -> m.matches() && Integer.parseInt(m.group(1)) == r)
                            .map(m -> Long.parseLong(m.group(2))))
                    .as("trace-a calls on rank %d", rank)
                    .containsExactly(total);
            // counter appends nothing to the trace path, so trace-a (last before MPI) starts every
            // path: one path per call, recorded from whichever thread made it.
            Map<String, Long> paths = new TreeMap<>();
            for (String line : AgentJob.markerLines(result, "QMPI4J-PATH ")) {
                Matcher m = PATH.matcher(line);
                assertThat(m.matches()).as(line).isTrue();
                if (Integer.parseInt(m.group(1)) == rank) {
                    assertThat(m.group(3)).as(line).matches("trace-a\\(\\d+\\)>MPI");
                    paths.merge(m.group(2), Long.parseLong(m.group(4)), Long::sum);
                }
            }
            Map<String, Long> expected = new TreeMap<>(sample);
            expected.remove("MPI_FINALIZE"); // still running when the paths are printed
            assertThat(paths)
                    .as("calls per function along the paths on rank %d", rank)
                    .isEqualTo(expected);
        }
    }
}
