package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * The agent attaches once per JVM, and stays out of JDK tools and qmpi4j's own commands that an
 * exported {@code JDK_JAVA_OPTIONS} (or {@code JAVA_TOOL_OPTIONS}) also reaches.
 */
class AttachOnceTest {
    private static final String ALREADY =
            "qmpi4j: the agent is already attached to this JVM; this further -javaagent is ignored";
    private static final String STARTED = "qmpi4j: agent started";

    @Test
    void anAgentGivenInJdkJavaOptionsAndOnTheCommandLineAttachesOnce() throws Exception {
        String agent = AgentJob.agentOption(""); // toolpath and verbose, tools from QMPI4J_TOOLS
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.SAMPLES + "Ring", 2)
                .env("JDK_JAVA_OPTIONS", agent)
                .env("QMPI4J_TOOLS", "counter")
                .jvmOption(agent));

        SampleOutput out = AgentJob.assertOk(result, 2); // also: exactly one exit summary per rank
        for (int rank = 0; rank < 2; rank++) {
            List<String> stderr = AgentJob.rankStderr(result, rank);
            assertThat(stderr.stream().filter(l -> l.startsWith(ALREADY)).collect(Collectors.toList()))
                    .as("rank 0 alone says once that the second -javaagent is ignored\n%s", result.describe())
                    .hasSize(rank == 0 ? 1 : 0);
            assertThat(stderr.stream().filter(l -> l.startsWith(STARTED)))
                    .as("rank %d starts once", rank)
                    .hasSize(1);
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("rank %d: one counter, calls not doubled", rank)
                    .isEqualTo(out.rankReport(rank).calls);
        }
        assertThat(result.stderr()).as("no tool registered twice").doesNotContain("already registered");
    }

    @Test
    void qmpi4jCommandsAndJdkToolsIgnoreAnAgentFromTheEnvironment() throws Exception {
        String agent = "-javaagent:" + ItJars.jar("qmpi4j-agent") + "=tools=profiler;verbose";
        Map<String, String> jdkOptions = Map.of("JDK_JAVA_OPTIONS", agent);

        BundledTools.Command cli = BundledTools.java(
                jdkOptions, "-jar", ItJars.jar("qmpi4j-cli").toString(), "mpit", "list", "--verbosity", "USER_BASIC");
        assertThat(cli.exitCode).as(cli.toString()).isZero();
        assertThat(cli.stdout).as(cli.toString()).contains("qmpi4j_tools");
        assertThat(cli.stderr)
                .as("bin/qmpi4j and the agent jar's listing it runs")
                .doesNotContain(STARTED, "rewriting");

        BundledTools.Command launcher = BundledTools.java(
                jdkOptions, "-cp", ItJars.jar("qmpi4j-launcher").toString(), "org.qmpi4j.launch.LaunchCommand");
        assertThat(launcher.exitCode).as(launcher.toString()).isEqualTo(2); // usage
        assertThat(launcher.stderr).as(launcher.toString()).doesNotContain(STARTED);

        BundledTools.Command jar = BundledTools.java(jdkOptions, "-m", "jdk.jartool/sun.tools.jar.Main", "--version");
        assertThat(jar.exitCode).as(jar.toString()).isZero();
        assertThat(jar.stderr).as(jar.toString()).doesNotContain(STARTED);

        BundledTools.Command jarLauncher = BundledTools.run(
                List.of(Path.of(System.getProperty("java.home"), "bin", "jar").toString(), "--version"),
                Map.of("JAVA_TOOL_OPTIONS", agent));
        assertThat(jarLauncher.exitCode).as(jarLauncher.toString()).isZero();
        assertThat(jarLauncher.stderr)
                .as("JAVA_TOOL_OPTIONS reaches the jar tool too")
                .contains("Picked up")
                .doesNotContain(STARTED);

        BundledTools.Command application = BundledTools.java(
                jdkOptions, "-cp", ItJars.testClasses().toString(), "org.qmpi4j.it.fixtures.PrintSettings");
        assertThat(application.exitCode).as(application.toString()).isZero();
        assertThat(application.stderr)
                .as("an application still gets the agent from JDK_JAVA_OPTIONS")
                .contains(STARTED);
    }
}
