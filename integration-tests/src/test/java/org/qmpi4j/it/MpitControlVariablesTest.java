package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;
import org.qmpi4j.launch.OpenMpiLauncher;

/**
 * An application that uses MPI_T itself, under real {@code mpirun}: choosing the tools through
 * {@code qmpi4j_tools} before MPI.Init works (the counter tool then runs), and the control
 * variables answer SET_NOT_NOW before MPI.Init, SET_NEVER where a setting can no longer change,
 * for the whole life of the process including after MPI.Finalize.
 */
class MpitControlVariablesTest {
    @Test
    void settingsThroughControlVariablesBeforeDuringAndAfterMpi() throws Exception {
        JobResult result = new OpenMpiLauncher()
                .run(MpiJob.builder("org.qmpi4j.it.fixtures.MpitSettingsApp")
                        .classpath(ItJars.testClasses())
                        .ranks(2)
                        .jvmOption("-Xverify:all")
                        .jvmOption(AgentJob.agentOption(""))
                        .timeout(Duration.ofMinutes(2))
                        .build());
        assertThat(result.succeeded()).as(result.describe()).isTrue();
        AgentJob.assertAgentSummary(result, 2);
        for (int rank = 0; rank < 2; rank++) {
            String out = String.join("\n", result.rankStdout(rank)) + "\n";
            assertThat(out)
                    .as(result.describe())
                    .contains(
                            "QMPI4J-APP tools_before=\n",
                            "QMPI4J-APP write_tools_before_init=SUCCESS",
                            "QMPI4J-APP tools_after_write=counter",
                            "QMPI4J-APP write_pcontrol_before_init=MPI_T_ERR_CVAR_SET_NOT_NOW",
                            "QMPI4J-APP write_toolpath=MPI_T_ERR_CVAR_SET_NEVER",
                            "QMPI4J-APP rank=" + rank,
                            "QMPI4J-APP write_tools_after_init=MPI_T_ERR_CVAR_SET_NEVER",
                            "QMPI4J-APP binding=openmpi",
                            "QMPI4J-APP world_ranks=[0, 1] count=2 size=2",
                            "QMPI4J-APP bind_to_datatype=MPI_T_ERR_INVALID",
                            "QMPI4J-APP write_pcontrol_after_init=SUCCESS",
                            "QMPI4J-APP pcontrol_pvar=0",
                            "QMPI4J-APP write_pcontrol_back=SUCCESS",
                            "QMPI4J-APP pcontrol_pvar_back=1",
                            "QMPI4J-APP write_pcontrol_after_finalize=MPI_T_ERR_CVAR_SET_NEVER",
                            "QMPI4J-APP pvar_after_finalize=1",
                            "QMPI4J-APP after_t_finalize=MPI_T_ERR_NOT_INITIALIZED");
            // The tool list written before MPI.Init took effect: the counter saw the send and the receive.
            assertThat(AgentJob.counterOnRank(result, rank))
                    .containsEntry("MPI_SEND", 1L)
                    .containsEntry("MPI_RECV", 1L);
        }
    }

    /**
     * Started with no tool list and no tool path, the agent puts tool discovery off (short jobs
     * without tools never pay for it): a bundled tool named later through {@code qmpi4j_tools},
     * before MPI.Init, is still found and runs.
     */
    @Test
    void aToolNamedThroughMpitIsFoundWhenNoneWasListedAtStart(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = new OpenMpiLauncher()
                .run(MpiJob.builder("org.qmpi4j.it.fixtures.MpitSettingsApp")
                        .classpath(ItJars.testClasses())
                        .ranks(2)
                        .jvmOption("-javaagent:" + ItJars.jar("qmpi4j-agent"))
                        .jvmOption("-Dqmpi4j.it.tool=profiler")
                        .env("QMPI4J_OUTPUT", out.toString())
                        .timeout(Duration.ofMinutes(2))
                        .build());
        assertThat(result.succeeded()).as(result.describe()).isTrue();
        for (int rank = 0; rank < 2; rank++) {
            assertThat(String.join("\n", result.rankStdout(rank)) + "\n")
                    .as(result.describe())
                    .contains("QMPI4J-APP tools_before=\n", "QMPI4J-APP tools_after_write=profiler\n");
        }
        assertThat(JobResults.in(out).profile().calls).as(result.describe()).containsKeys("MPI_SEND", "MPI_RECV");
    }

    /**
     * The same start (no tool list, no tool path), a name no tool has: discovery still runs when
     * the name is checked at MPI.Init, and the job stops there with the usual message listing the
     * tools found, the bundled ones among them.
     */
    @Test
    void anUnknownToolNamedThroughMpitStopsTheJobWithTheToolsFound() throws Exception {
        JobResult result = new OpenMpiLauncher()
                .run(MpiJob.builder("org.qmpi4j.it.fixtures.MpitSettingsApp")
                        .classpath(ItJars.testClasses())
                        .ranks(2)
                        .jvmOption("-javaagent:" + ItJars.jar("qmpi4j-agent"))
                        .jvmOption("-Dqmpi4j.it.tool=no-such-tool")
                        .timeout(Duration.ofMinutes(2))
                        .build());
        assertThat(result.succeeded()).as(result.describe()).isFalse();
        assertThat(result.stderr())
                .as(result.describe())
                .contains("unknown tool 'no-such-tool'", "Available tools:", "profiler", "tracer");
        assertThat(String.join("\n", result.rankStdout(0))).doesNotContain("QMPI4J-APP rank=");
    }
}
