package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;
import org.qmpi4j.launch.OpenMpiLauncher;

/**
 * An application with its own ASM (5.2, older than the agent's), JNA and Gson on its class path
 * runs under the agent with the bundled tools: it gets its own libraries, cannot load any class of
 * the agent's internals, bundled tools, report code or relocated ASM, and the tools still measure
 * its calls.
 */
class SealedAgentTest {
    @Test
    void applicationKeepsItsOwnLibrariesAndSeesNoAgentInternals(@TempDir Path out) throws Exception {
        Path conflicting = ItJars.lib().resolve("conflicting");
        MpiJob.Builder job = BundledTools.job("org.qmpi4j.it.fixtures.ConflictingLibrariesApp", 2, "profiler", out)
                .classpath(
                        ItJars.testClasses(),
                        conflicting.resolve("asm.jar"),
                        conflicting.resolve("jna.jar"),
                        conflicting.resolve("gson.jar"));
        JobResult result = new OpenMpiLauncher().run(job.build());

        assertThat(result.succeeded()).as(result.describe()).isTrue();
        List<String> lines = AgentJob.markerLines(result, "QMPI4J-SEALED ");
        assertThat(lines).as(result.describe()).hasSize(2);
        for (String line : lines) {
            assertThat(line)
                    .as(result.describe())
                    .contains(
                            " asm=asm.jar ",
                            " asm_class=demo/Generated ",
                            " jna=jna.jar ",
                            " jna_pid_ok=true ",
                            " mpit_library=found ",
                            " hidden=all")
                    .containsPattern(" json=\\{\"rank\":[01]\\} ");
        }
        JobResults.Profile profile = JobResults.in(out).profile();
        assertThat(profile.callsPerRank.get(0))
                .as("the profiler saw the application's send")
                .containsEntry("MPI_SEND", 1L);
        assertThat(profile.callsPerRank.get(1)).containsEntry("MPI_RECV", 1L);
        assertThat(result.stderr()).as("no agent or tool fault").doesNotContain("failed", "internal error");
        assertThat(Files.exists(out.resolve("report.txt"))).isTrue();
    }

    @Test
    void theAgentJarsListingRunsFromItsOwnLoader() throws Exception {
        BundledTools.Command c = BundledTools.java(
                Map.of(), "-jar", ItJars.jar("qmpi4j-agent").toString(), "mpit", "list", "--verbosity", "USER_BASIC");
        assertThat(c.exitCode).as(c.toString()).isZero();
        assertThat(c.stdout).as(c.toString()).contains("qmpi4j_tools");
    }
}
