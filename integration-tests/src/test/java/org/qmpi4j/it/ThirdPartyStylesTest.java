package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.MpjAgentJob.Mode;
import org.qmpi4j.it.support.NodeJobs;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * Programs in the styles of Java MPI codes written elsewhere ({@code samples/openmpi/.../styles},
 * and the MPJ Express master/worker), under {@code profiler,tracer} on real jobs: every message
 * has an arrow from its send to the call that completed its receive, wildcard receives included
 * (blocking ones from their status; nonblocking ones completed by {@code waitFor()} and
 * {@code Request.waitAll}, which return no status); the profile's calls and matrix equal what the
 * program counted itself; and an application still receiving with wildcards while the other ranks'
 * tools gather sees only its own messages.
 */
class ThirdPartyStylesTest {
    private static final String STYLES = AgentJob.SAMPLES + "styles.";

    @ParameterizedTest(name = "{0} on Open MPI with {1} ranks")
    @CsvSource({"MasterWorker, 4", "LoadBalance, 4"})
    void wildcardReceivesGetTheirArrowsOnOpenMpi(String program, int ranks, @TempDir Path out) throws Exception {
        JobResult result = AgentJob.run(
                AgentJob.withTools(STYLES + program, ranks, "profiler,tracer").env("QMPI4J_OUTPUT", out.toString()));
        SampleOutput own = AgentJob.assertOk(result, ranks);
        assertExact(
                out,
                own,
                ranks,
                program.equals("LoadBalance") ? Set.of("MPI_RECV", "MPI_WAIT", "MPI_WAITALL") : Set.of("MPI_RECV"));
    }

    @ParameterizedTest(name = "MasterWorker on MPJ Express {0} with {1} ranks")
    @CsvSource({"MULTICORE, 4", "NIODEV, 3"})
    void wildcardReceivesGetTheirArrowsOnMpjExpress(Mode mode, int ranks, @TempDir Path out) throws Exception {
        JobResult result = MpjAgentJob.run(
                mode,
                MpjAgentJob.withTools("MasterWorker", ranks, "profiler,tracer").env("QMPI4J_OUTPUT", out.toString()));
        SampleOutput own = MpjAgentJob.assertOk(result, ranks, mode);
        assertExact(out, own, ranks, Set.of("MPI_RECV"));
    }

    @Test
    void anApplicationReceivingWithWildcardsWhileTheToolsGatherSeesOnlyItsOwnMessages(@TempDir Path out)
            throws Exception {
        int ranks = 4;
        JobResult result = AgentJob.run(AgentJob.withTools(STYLES + "BusyWildcards", ranks, "profiler,tracer")
                .args("5", "1500")
                .timeout(Duration.ofSeconds(90))
                .env("QMPI4J_OUTPUT", out.toString()));
        // The program checks every message it takes, and probes that nothing else waits for it.
        SampleOutput own = AgentJob.assertOk(result, ranks);
        assertExact(out, own, ranks, Set.of("MPI_RECV"));
    }

    /**
     * The profile and trace hold exactly what the program counted (calls, matrix, one arrow with both
     * ends per message), and each arrow ends on the receiving rank's track inside a call of
     * {@code receivingCalls}.
     */
    private static void assertExact(Path out, SampleOutput own, int ranks, Set<String> receivingCalls)
            throws Exception {
        JobResults.Trace t = JobResults.in(out).trace();
        NodeJobs.assertMatchesOwnCounts(JobResults.in(out).profile(), t, own, ranks);
        List<JsonNode> calls = new ArrayList<>();
        List<JsonNode> arrowEnds = new ArrayList<>();
        for (JsonNode e : t.root.get("traceEvents").elements()) {
            String ph = e.get("ph").asString();
            if (ph.equals("X") && e.get("cat").asString().equals("mpi")) {
                calls.add(e);
            } else if (ph.equals("f")) {
                arrowEnds.add(e);
            }
        }
        for (JsonNode end : arrowEnds) {
            String id = end.get("id").asString(); // source-destination-tag-sequence
            int destination = Integer.parseInt(id.split("-")[1]);
            assertThat(end.get("pid").asInt()).as("rank of the end of %s", id).isEqualTo(destination);
            double ts = end.get("ts").asDouble();
            String at = null;
            for (JsonNode c : calls) {
                double start = c.get("ts").asDouble();
                if (c.get("pid").asInt() == destination
                        && ts >= start
                        && ts <= start + c.get("dur").asDouble()
                        && receivingCalls.contains(c.get("name").asString())) {
                    at = c.get("name").asString();
                    break;
                }
            }
            assertThat(at).as("the receiving call arrow %s ends in", id).isNotNull();
        }
    }
}
