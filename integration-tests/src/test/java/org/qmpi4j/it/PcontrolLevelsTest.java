package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * {@code MPI_Pcontrol} with the profiler: level 0 regions are not counted (neither profiled nor
 * traced), 2 writes a snapshot, 3 and 4 write this rank's verbose and concise reports at once.
 */
class PcontrolLevelsTest {
    @Test
    void levelsZeroToFour(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result =
                AgentJob.run(BundledTools.job(AgentJob.FEATURES + "PcontrolLevels", 2, "profiler,tracer", out));
        SampleOutput own = AgentJob.assertOk(result, 2);
        JobResults.Profile p = JobResults.in(out).profile();
        JobResults.Trace t = JobResults.in(out).trace();
        for (int r = 0; r < 2; r++) {
            assertThat(own.rankReport(r).calls).containsEntry("MPI_BARRIER", 7L).containsEntry("MPI_PCONTROL", 5L);
            Map<String, Long> expected = Map.of(
                    "MPI_INIT",
                    1L,
                    "MPI_COMM_RANK",
                    1L,
                    "MPI_PCONTROL",
                    5L,
                    "MPI_BARRIER",
                    4L, // 2 + 1 + 1: not the 3 between pControl(0) and pControl(1)
                    "MPI_FINALIZE",
                    1L);
            assertThat(p.callsPerRank.get(r)).as("profile of rank %d", r).isEqualTo(expected);
            assertThat(t.events.get(r)).as("trace of rank %d", r).isEqualTo(expected);

            JsonNode s = JobResults.in(out).json("pcontrol/rank-" + r + "-1-snapshot.json");
            assertThat(s.get("state").asString()).isEqualTo("running");
            Map<String, Long> atSnapshot = new java.util.TreeMap<>();
            for (JsonNode f : s.get("functions").elements()) {
                atSnapshot.put(f.get("name").asString(), f.get("calls").asLong());
            }
            assertThat(atSnapshot)
                    .isEqualTo(Map.of("MPI_INIT", 1L, "MPI_COMM_RANK", 1L, "MPI_BARRIER", 2L, "MPI_PCONTROL", 1L));

            String verbose = Files.readString(out.resolve("pcontrol/rank-" + r + "-2-verbose.txt"));
            assertThat(verbose)
                    .startsWith("qmpi4j profile of rank " + r + " only, at MPI_Pcontrol(3)")
                    .contains("== Call sites", "MPI_BARRIER", "PcontrolLevels.java");
            String concise = Files.readString(out.resolve("pcontrol/rank-" + r + "-3-concise.txt"));
            assertThat(concise)
                    .startsWith("qmpi4j profile of rank " + r + " only, at MPI_Pcontrol(4)")
                    .contains("== MPI functions")
                    .doesNotContain("== Call sites");
        }
    }
}
