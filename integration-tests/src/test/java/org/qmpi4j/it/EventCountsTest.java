package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * Real MPI jobs of the samples under the sample tool {@code event-counts}, which counts the agent's
 * MPI_T events {@code qmpi4j_send_started} and {@code qmpi4j_receive_completed}: on every rank the
 * sends, the bytes sent and the receives equal what the sample counted itself (messages and bytes
 * to its peers; calls of receiving functions), on Open MPI and on MPJ Express in both modes, and
 * with four threads per rank calling MPI at once nothing is lost or counted twice.
 */
class EventCountsTest {
    private static final Pattern EVENTS =
            Pattern.compile("QMPI4J-EVENTS rank=(\\d+) sends=(\\d+) receives=(\\d+) send_bytes=(\\d+)(.*)");

    /** Functions whose completion is one received message. */
    private static final Set<String> RECEIVES =
            Set.of("MPI_RECV", "MPI_IRECV", "MPI_SENDRECV", "MPI_SENDRECV_REPLACE", "MPI_MRECV", "MPI_IMRECV");

    @ParameterizedTest(name = "{0} with {1} ranks")
    @CsvSource({"Stencil, 4", "Ring, 4", "PingPong, 2", "QueueDepth, 2", "Collectives, 2"})
    void eventsEqualTheSamplesOwnCountsOnOpenMpi(String sample, int ranks) throws Exception {
        var job = AgentJob.withTools(AgentJob.SAMPLES + sample, ranks, "event-counts");
        if (sample.equals("PingPong")) {
            job.args("--iterations", "20");
        }
        JobResult result = AgentJob.run(job);
        SampleOutput out = AgentJob.assertOk(result, ranks);
        for (int rank = 0; rank < ranks; rank++) {
            assertRankMatchesSample(result, out, rank);
        }
    }

    @ParameterizedTest(name = "MPJ {0} in {1} mode with {2} ranks")
    @CsvSource({"Stencil, MULTICORE, 4", "Stencil, NIODEV, 2", "Ring, MULTICORE, 2", "Ring, NIODEV, 2"})
    void eventsEqualTheSamplesOwnCountsOnMpjExpress(String sample, MpjAgentJob.Mode mode, int ranks) throws Exception {
        JobResult result = MpjAgentJob.run(mode, MpjAgentJob.withTools(sample, ranks, "event-counts"));
        SampleOutput out = MpjAgentJob.assertOk(result, ranks, mode);
        for (int rank = 0; rank < ranks; rank++) {
            assertRankMatchesSample(result, out, rank);
        }
    }

    @Test
    void concurrentCallsUnderThreadMultipleLoseOrDoubleNoEvent() throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.FEATURES + "Threads", 2, "event-counts")
                .args("200"));
        SampleOutput out = AgentJob.assertOk(result, 2);
        for (int rank = 0; rank < 2; rank++) {
            assertThat(out.rankReport(rank).detail)
                    .as("the threads really ran at once")
                    .contains("(THREAD_MULTIPLE)");
            assertThat(out.rankReport(rank).calls).containsKeys("MPI_SENDRECV", "MPI_SEND", "MPI_RECV");
            long[] counts = assertRankMatchesSample(result, out, rank);
            assertThat(counts[0]).as("sends on rank %d", rank).isGreaterThanOrEqualTo(800);
        }
    }

    /** The rank's event counts equal the sample's own; returns {sends, receives, send bytes}. */
    private static long[] assertRankMatchesSample(JobResult result, SampleOutput out, int rank) {
        SampleOutput.RankReport own = out.rankReport(rank);
        long messages = own.sentTo.values().stream().mapToLong(mb -> mb[0]).sum();
        long bytes = own.sentTo.values().stream().mapToLong(mb -> mb[1]).sum();
        long receives = own.calls.entrySet().stream()
                .filter(e -> RECEIVES.contains(e.getKey()))
                .mapToLong(e -> e.getValue())
                .sum();
        long[] counts = events(result, rank);
        assertThat(counts)
                .as("sends, receives, send bytes from events vs the sample's on rank %d\n%s", rank, result.describe())
                .containsExactly(messages, receives, bytes);
        return counts;
    }

    private static long[] events(JobResult result, int rank) {
        List<String> lines = AgentJob.markerLines(result, "QMPI4J-EVENTS rank=" + rank + " ");
        assertThat(lines)
                .as("QMPI4J-EVENTS line of rank %d\n%s", rank, result.describe())
                .hasSize(1);
        Matcher m = EVENTS.matcher(lines.get(0));
        assertThat(m.matches()).as(lines.get(0)).isTrue();
        assertThat(m.group(5)).as("nothing dropped on rank %d", rank).isEmpty();
        return new long[] {Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), Long.parseLong(m.group(4))};
    }
}
