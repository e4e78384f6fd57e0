package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * Real {@code mpirun} jobs of the samples under the sample tool {@code mpit-counts}, which reads the
 * agent's own MPI_T performance variables (started before MPI_Init, read after MPI_Finalize): on
 * every rank the calls per function and the messages and bytes sent to each peer equal what the
 * sample counted itself, and every non-blocking request it started has completed.
 */
class MpitAgentVariablesTest {
    private static final Pattern KV = Pattern.compile("(MPI_[A-Z_]+)=(\\d+)");
    private static final Pattern P2P =
            Pattern.compile("QMPI4J-MPIT-P2P rank=(\\d+) peer=(\\d+) messages=(\\d+) bytes=(\\d+)");
    private static final Pattern REQUESTS = Pattern.compile(
            "QMPI4J-MPIT-REQUESTS rank=(\\d+) outstanding=(\\d+) max=(\\d+) min=(\\d+) posted_receives=(\\d+)");

    @ParameterizedTest(name = "{0} with {1} ranks")
    @CsvSource({
        "Stencil, 2, 2",
        "Stencil, 4, 4",
        "Ring, 4, 0",
        "PingPong, 2, 0",
        "Collectives, 4, 0",
        "QueueDepth, 2, 8"
    })
    void agentVariablesEqualTheSamplesOwnCounts(String sample, int ranks, int maxRequests) throws Exception {
        var job = AgentJob.withTools(AgentJob.SAMPLES + sample, ranks, "mpit-counts");
        if (sample.equals("PingPong")) {
            job.args("--iterations", "20");
        }
        JobResult result = AgentJob.run(job);
        SampleOutput out = AgentJob.assertOk(result, ranks);

        for (int rank = 0; rank < ranks; rank++) {
            long[] req = assertRankMatchesSample(result, out, rank);
            assertThat(req[2])
                    .as("low watermark of outstanding requests on rank %d", rank)
                    .isZero();
            if (maxRequests > 0 && (sample.equals("QueueDepth") || rank == 1)) {
                // Stencil's interior ranks have 2 receives and 2 sends in flight at once, edge ranks 1 + 1.
                assertThat(req[1])
                        .as("high watermark of outstanding requests on rank %d", rank)
                        .isEqualTo(maxRequests);
            }
        }
    }

    /**
     * The same on MPJ Express: in multicore mode all ranks are threads of one JVM, and each rank's
     * MPI_T interface (which {@code Qmpi.mpit(toolId)} finds by the tool instance's process) has its own
     * variables, so each rank reads only its own calls and traffic.
     */
    @ParameterizedTest(name = "MPJ {0} in {1} mode with {2} ranks")
    @CsvSource({"Stencil, MULTICORE, 4", "Stencil, NIODEV, 2", "Ring, MULTICORE, 2"})
    void agentVariablesAreKeptPerRankOnMpjExpress(String sample, MpjAgentJob.Mode mode, int ranks) throws Exception {
        JobResult result = MpjAgentJob.run(mode, MpjAgentJob.withTools(sample, ranks, "mpit-counts"));
        SampleOutput out = MpjAgentJob.assertOk(result, ranks, mode);
        for (int rank = 0; rank < ranks; rank++) {
            assertRankMatchesSample(result, out, rank);
        }
    }

    /**
     * Calls and traffic per peer read through MPI_T equal the sample's own on {@code rank}, and no
     * request or posted receive is left; returns {outstanding, max, min, posted receives}.
     */
    private static long[] assertRankMatchesSample(JobResult result, SampleOutput out, int rank) {
        SampleOutput.RankReport own = out.rankReport(rank);
        // A call counts when it returns; the tool reads inside MPI_Finalize, so that is not counted yet.
        Map<String, Long> expected = new TreeMap<>(own.calls);
        expected.remove("MPI_FINALIZE");
        assertThat(calls(result, rank))
                .as("MPI_T calls vs the sample's on rank %d\n%s", rank, result.describe())
                .isEqualTo(expected);
        assertThat(peers(result, rank))
                .as("MPI_T traffic per peer vs the sample's on rank %d", rank)
                .isEqualTo(toStrings(own.sentTo));
        long[] req = requests(result, rank);
        assertThat(req[0]).as("requests still outstanding on rank %d", rank).isZero();
        assertThat(req[3]).as("receives still posted on rank %d", rank).isZero();
        return req;
    }

    private static Map<String, Long> calls(JobResult result, int rank) {
        List<String> lines = AgentJob.markerLines(result, "QMPI4J-MPIT rank=" + rank + " ");
        lines.removeIf(l -> !l.startsWith("QMPI4J-MPIT rank=" + rank + " ") && !l.equals("QMPI4J-MPIT rank=" + rank));
        assertThat(lines)
                .as("QMPI4J-MPIT line of rank %d\n%s", rank, result.describe())
                .hasSize(1);
        Map<String, Long> calls = new TreeMap<>();
        Matcher m = KV.matcher(lines.get(0));
        while (m.find()) {
            calls.put(m.group(1), Long.parseLong(m.group(2)));
        }
        return calls;
    }

    private static Map<Integer, String> peers(JobResult result, int rank) {
        Map<Integer, String> peers = new TreeMap<>();
        for (String line : AgentJob.markerLines(result, "QMPI4J-MPIT-P2P")) {
            Matcher m = P2P.matcher(line);
            if (m.matches() && Integer.parseInt(m.group(1)) == rank) {
                peers.put(Integer.parseInt(m.group(2)), m.group(3) + " messages, " + m.group(4) + " bytes");
            }
        }
        return peers;
    }

    private static Map<Integer, String> toStrings(Map<Integer, long[]> sentTo) {
        Map<Integer, String> out = new TreeMap<>();
        sentTo.forEach((peer, mb) -> out.put(peer, mb[0] + " messages, " + mb[1] + " bytes"));
        return out;
    }

    /** {outstanding, max, min, posted receives} of rank. */
    private static long[] requests(JobResult result, int rank) {
        for (String line : AgentJob.markerLines(result, "QMPI4J-MPIT-REQUESTS")) {
            Matcher m = REQUESTS.matcher(line);
            if (m.matches() && Integer.parseInt(m.group(1)) == rank) {
                return new long[] {
                    Long.parseLong(m.group(2)),
                    Long.parseLong(m.group(3)),
                    Long.parseLong(m.group(4)),
                    Long.parseLong(m.group(5))
                };
            }
        }
        throw new AssertionError("no QMPI4J-MPIT-REQUESTS line of rank " + rank + "\n" + result.describe());
    }
}
