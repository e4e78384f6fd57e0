package org.qmpi4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmpi4j.cli.aot.AotCache;

/**
 * What {@code qmpi4j run} starts for each kind of launcher (real jobs: RunCommandTest,
 * MpjRunCommandTest, OpenMpi5RunCommandTest).
 */
class JobLaunchTest {
    private static final Path AGENT = Path.of("/opt/q/qmpi4j-agent.jar");

    private static Map<String, String> settings(String output) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("QMPI4J_TOOLS", "profiler,tracer");
        s.put("QMPI4J_TOOLPATH", "/t/a.jar:/t/b.jar");
        s.put("QMPI4J_OUTPUT", output);
        s.put("QMPI4J_QUIET_RESULTS", "true");
        return s;
    }

    @Test
    void openMpiGetsTheAgentAfterJavaAndEveryVariableWithMinusXAndUcxLeavesTheJvmsSignalsAlone() throws Exception {
        JobLaunch l = JobLaunch.of(
                List.of("/usr/bin/mpirun", "-np", "2", "java", "Main"), AGENT, settings("/r"), Map.of("PATH", "/bin"));

        assertThat(l.environment())
                .as("no JDK_JAVA_OPTIONS: every JVM would print 'Picked up' for it")
                .containsExactly(
                        Map.entry("QMPI4J_TOOLS", "profiler,tracer"),
                        Map.entry("QMPI4J_TOOLPATH", "/t/a.jar:/t/b.jar"),
                        Map.entry("QMPI4J_OUTPUT", "/r"),
                        Map.entry("QMPI4J_QUIET_RESULTS", "true"),
                        Map.entry("UCX_ERROR_SIGNALS", ""));
        assertThat(l.command())
                .containsExactly(
                        "/usr/bin/mpirun",
                        "-x",
                        "QMPI4J_TOOLS",
                        "-x",
                        "QMPI4J_TOOLPATH",
                        "-x",
                        "QMPI4J_OUTPUT",
                        "-x",
                        "QMPI4J_QUIET_RESULTS",
                        "-x",
                        "UCX_ERROR_SIGNALS",
                        "-np",
                        "2",
                        "java",
                        "-javaagent:/opt/q/qmpi4j-agent.jar",
                        "Main");
    }

    @Test
    void theUsersOwnUcxSettingAndJdkJavaOptionsAreKept() throws Exception {
        JobLaunch l = JobLaunch.of(
                List.of("srun", "-n", "2", "/jdk/bin/java", "Main"),
                AGENT,
                settings("/r"),
                Map.of("UCX_ERROR_SIGNALS", "SEGV", "JDK_JAVA_OPTIONS", " -Xmx1g "));

        assertThat(l.environment()).doesNotContainKey("UCX_ERROR_SIGNALS");
        assertThat(l.environment().get("JDK_JAVA_OPTIONS")).isEqualTo(" -Xmx1g ");
        assertThat(l.command())
                .as("srun passes the environment on by itself")
                .containsExactly("srun", "-n", "2", "/jdk/bin/java", "-javaagent:/opt/q/qmpi4j-agent.jar", "Main");
    }

    @Test
    void aCommandThatStartsJavaOutOfSightGetsTheAgentInJdkJavaOptionsAsDoesOneThatAsksForIt() throws Exception {
        JobLaunch script = JobLaunch.of(
                List.of("srun", "-n", "2", "./run.sh", "java"),
                AGENT,
                List.of(),
                settings("/r"),
                Map.of("JDK_JAVA_OPTIONS", "-Xmx1g"));
        assertThat(script.environment().get("JDK_JAVA_OPTIONS")).isEqualTo("-Xmx1g -javaagent:/opt/q/qmpi4j-agent.jar");
        assertThat(script.command()).containsExactly("srun", "-n", "2", "./run.sh", "java");

        JobLaunch asked = JobLaunch.of(
                List.of("mpirun", "-np", "2", "java", "Main"), AGENT, List.of(), settings("/r"), Map.of(), true);
        assertThat(asked.environment().get("JDK_JAVA_OPTIONS")).isEqualTo("-javaagent:/opt/q/qmpi4j-agent.jar");
        assertThat(asked.command()).endsWith("java", "Main").contains("JDK_JAVA_OPTIONS");
    }

    @Test
    void everyProgramOfAnMpmdCommandAndAPlainJavaGetTheAgent() throws Exception {
        JobLaunch mpmd = JobLaunch.of(
                List.of("mpirun", "-np", "1", "java", "-cp", "a:b", "A", ":", "-np", "1", "java", "B", "java"),
                AGENT,
                List.of("-Xlog:aot=off"),
                settings("/r"),
                Map.of());
        assertThat(mpmd.command()
                        .subList(mpmd.command().indexOf("-np"), mpmd.command().size()))
                .containsExactly(
                        "-np",
                        "1",
                        "java",
                        "-javaagent:/opt/q/qmpi4j-agent.jar",
                        "-Xlog:aot=off",
                        "-cp",
                        "a:b",
                        "A",
                        ":",
                        "-np",
                        "1",
                        "java",
                        "-javaagent:/opt/q/qmpi4j-agent.jar",
                        "-Xlog:aot=off",
                        "B",
                        "java");
        JobLaunch plain = JobLaunch.of(List.of("java", "-cp", "x", "Main"), AGENT, settings("/r"), Map.of());
        assertThat(plain.command()).containsExactly("java", "-javaagent:/opt/q/qmpi4j-agent.jar", "-cp", "x", "Main");
        assertThat(plain.environment()).doesNotContainKey("JDK_JAVA_OPTIONS");
    }

    @Test
    void mpjsLauncherGetsTheAgentWithItsSettingsAsAJvmOption() throws Exception {
        for (String launcher : List.of("/m/bin/mpjrun.sh", "mpjrun")) {
            JobLaunch l = JobLaunch.of(
                    List.of(launcher, "-np", "4", "-dev", "niodev", "-cp", "app.jar", "Main"),
                    AGENT,
                    settings("/r"),
                    Map.of());

            assertThat(l.command())
                    .containsExactly(
                            launcher,
                            "-javaagent:/opt/q/qmpi4j-agent.jar"
                                    + "=tools=profiler,tracer;toolpath=/t/a.jar:/t/b.jar;output=/r;quiet-results=true",
                            "-np",
                            "4",
                            "-dev",
                            "niodev",
                            "-cp",
                            "app.jar",
                            "Main");
            assertThat(l.environment())
                    .as("not in JDK_JAVA_OPTIONS: MPJ's own launcher JVM is no rank")
                    .doesNotContainKey("JDK_JAVA_OPTIONS");
        }
    }

    @Test
    void aSettingWithASemicolonCannotGoThroughMpjsLauncher() {
        assertThatThrownBy(() -> JobLaunch.of(List.of("mpjrun.sh", "Main"), AGENT, settings("/r;x"), Map.of()))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("'/r;x' contains ';'");
    }

    @Test
    void theRanksJvmOptionsFollowTheAgentQuotedWhenTheyHaveSpaces() throws Exception {
        JobLaunch l = JobLaunch.of(
                List.of("mpirun", "-np", "2", "./run.sh"),
                AGENT,
                List.of("-XX:AOTCache=/home/a b/x.aot", "-Xlog:aot=off"),
                settings("/r"),
                Map.of("JDK_JAVA_OPTIONS", "-Xmx1g"));

        assertThat(l.environment())
                .containsEntry(
                        "JDK_JAVA_OPTIONS",
                        "-Xmx1g -javaagent:/opt/q/qmpi4j-agent.jar \"-XX:AOTCache=/home/a b/x.aot\" -Xlog:aot=off");
    }

    @Test
    void aBadAotSwitchIsRefusedByName() throws Exception {
        RunCommand.checkAotSwitch(Map.of());
        RunCommand.checkAotSwitch(Map.of("QMPI4J_AOT", "ON"));
        RunCommand.checkAotSwitch(Map.of("QMPI4J_AOT", "off"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RunCommand.checkAotSwitch(Map.of("QMPI4J_AOT", "no")))
                .hasMessage("QMPI4J_AOT=no is neither on nor off");
    }

    @Test
    void theAotCacheIsLeftOutWhenSwitchedOffForMpjOrWhenTheJobSetsClassDataOptions() {
        List<String> job = List.of("mpirun", "-np", "2", "java", "-cp", "a.jar", "Main");
        List<String> tools = List.of("profiler");

        assertThat(RunCommand.aotCache(job, AGENT, tools, null, true, Map.of()).line())
                .isEqualTo("AOT cache not used: switched off");
        assertThat(RunCommand.aotCache(job, AGENT, tools, null, false, Map.of("QMPI4J_AOT", "OFF"))
                        .line())
                .isEqualTo("AOT cache not used: switched off");
        assertThat(RunCommand.aotCache(List.of("mpjrun.sh", "-np", "2", "Main"), AGENT, tools, null, false, Map.of())
                        .line())
                .isEqualTo("AOT cache not used: not with MPJ Express' launcher");
        assertThat(RunCommand.aotCache(
                                List.of("mpirun", "java", "-XX:SharedArchiveFile=app.jsa", "Main"),
                                AGENT,
                                tools,
                                null,
                                false,
                                Map.of())
                        .line())
                .isEqualTo("AOT cache not used: the job sets its own class-data options");
        AotCache.Outcome own =
                RunCommand.aotCache(job, AGENT, tools, null, false, Map.of("JDK_JAVA_OPTIONS", "-Xshare:off"));
        assertThat(own.line()).isEqualTo("AOT cache not used: the job sets its own class-data options");
        assertThat(own.jvmOptions()).isEmpty();
    }
}
