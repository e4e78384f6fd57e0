package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.MpjAgentJob.Mode;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * The bundled {@code profiler} and {@code tracer}, unchanged, on MPJ Express in both of its modes:
 * the profile's calls per function and rank and its matrix equal what the MPJ sample counted
 * itself, and its calls and bytes per function equal the profile of the Open MPI version of the
 * same algorithm with the same inputs. In multicore mode every rank's data stays its own (the
 * ranks are threads of one JVM), and the trace has one track per rank. The reports name the
 * sample as the application, not the launcher's class that runs it.
 */
class MpjProfilerTest {
    @ParameterizedTest(name = "{0} in {1} mode with {2} ranks")
    @CsvSource({"Stencil, MULTICORE, 4", "Ring, MULTICORE, 2", "Stencil, NIODEV, 2", "Ring, NIODEV, 4"})
    void profilesEqualTheSamplesOwnCountsAndTheOpenMpiProfile(String sample, Mode mode, int ranks, @TempDir Path tmp)
            throws Exception {
        Path mpjOut = tmp.resolve("mpj");
        JobResult mpj = MpjAgentJob.run(
                mode, MpjAgentJob.withTools(sample, ranks, "profiler,tracer").env("QMPI4J_OUTPUT", mpjOut.toString()));
        SampleOutput own = MpjAgentJob.assertOk(mpj, ranks, mode);

        Path ompiOut = tmp.resolve("openmpi");
        MpiJob.Builder ompiJob = AgentJob.withTools(AgentJob.SAMPLES + sample, ranks, "profiler,tracer")
                .env("QMPI4J_OUTPUT", ompiOut.toString());
        JobResult openMpi = AgentJob.run(ompiJob);
        AgentJob.assertOk(openMpi, ranks);

        JobResults.Profile p = JobResults.in(mpjOut).profile();
        JobResults.Profile reference = JobResults.in(ompiOut).profile();
        assertThat(p.root.get("binding").asString()).isEqualTo("mpj");
        assertThat(p.root.get("complete").asBoolean()).as(mpj.describe()).isTrue();
        assertThat(p.ranks).isEqualTo(ranks);
        for (int r = 0; r < ranks; r++) {
            SampleOutput.RankReport mine = own.rankReport(r);
            assertThat(p.callsPerRank.get(r))
                    .as("calls per function on rank %d\n%s", r, mpj.describe())
                    .isEqualTo(mine.calls);
            for (int peer = 0; peer < ranks; peer++) {
                long[] expected = mine.sentTo.getOrDefault(peer, new long[2]);
                assertThat(p.matrixMessages[r][peer])
                        .as("messages %d -> %d", r, peer)
                        .isEqualTo(expected[0]);
                assertThat(p.matrixBytes[r][peer]).as("bytes %d -> %d", r, peer).isEqualTo(expected[1]);
            }
            assertThat(p.callsPerRank.get(r))
                    .as("calls on rank %d, MPJ vs Open MPI", r)
                    .isEqualTo(reference.callsPerRank.get(r));
            assertThat(nonZero(p.bytesPerRank.get(r)))
                    .as("bytes per function on rank %d, MPJ vs Open MPI", r)
                    .isEqualTo(nonZero(reference.bytesPerRank.get(r)));
        }
        assertThat(p.calls).isEqualTo(reference.calls);
        // The application, not the launcher's wrapper that runs it (MpjMulticoreMain, NiodevRankMain).
        String main = MpjAgentJob.SAMPLES + sample;
        assertThat(Files.readString(mpjOut.resolve("report.txt"))).contains("\n  application " + main + "\n");
        for (JsonNode rank : p.root.get("time").get("per_rank").elements()) {
            assertThat(rank.get("main").asString()).as("main of %s", rank).isEqualTo(main);
        }

        JobResults.Trace t = JobResults.in(mpjOut).trace();
        assertThat(t.processes).hasSize(ranks);
        assertThat(t.events).as("trace events per rank and function").isEqualTo(p.callsPerRank);
    }

    private static Map<String, Long> nonZero(Map<String, Long> bytes) {
        Map<String, Long> out = new TreeMap<>();
        if (bytes != null) {
            bytes.forEach((f, b) -> {
                if (b != 0) {
                    out.put(f, b);
                }
            });
        }
        return out;
    }
}
