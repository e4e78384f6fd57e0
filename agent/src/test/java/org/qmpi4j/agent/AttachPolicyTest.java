package org.qmpi4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The decisions of {@link AttachPolicy}; the real JVMs are exercised by integration-tests' AttachOnceTest. */
class AttachPolicyTest {
    private static final String AGENT = "-javaagent:/opt/q/qmpi4j-agent-0.1.0.jar=tools=profiler";
    private static final Map<String, String> FROM_ENV = Map.of("JDK_JAVA_OPTIONS", AGENT);

    private static AttachPolicy policy(List<String> commandLine, String javaCommand) {
        return new AttachPolicy(commandLine, javaCommand, FROM_ENV);
    }

    @Test
    void anAgentOnTheCommandLineIsNeverSkipped() {
        List<String> cmd = Arrays.asList("java", AGENT, "-jar", "/x/qmpi4j-cli-0.1.0.jar", "report", "d");
        assertThat(policy(cmd, "/x/qmpi4j-cli-0.1.0.jar report d").arrivedOnlyThroughEnvironment())
                .isFalse();
    }

    @Test
    void jdkToolsAndOwnCommandsPassBy() {
        for (String command : Arrays.asList(
                "jdk.jartool/sun.tools.jar.Main --version",
                "sun.tools.jar.Main --version",
                "jdk.internal.jshell.tool.JShellToolProvider",
                "com.sun.tools.javac.Main X.java",
                "/x/cli/target/qmpi4j-cli-0.1.0-SNAPSHOT.jar report dir",
                "/x/qmpi4j-agent-0.1.0.jar mpit list",
                "org.qmpi4j.cli.Qmpi4jCommand merge dir",
                "org.qmpi4j.launch.LaunchCommand --runtime openmpi Main",
                "org.qmpi4j.agent.Main mpit list")) {
            assertThat(policy(List.of("java", "-cp", "x", "Main"), command).passingTool())
                    .as(command)
                    .isTrue();
        }
    }

    @Test
    void applicationsAndTheLaunchersRankMainsAreNotToolsToSkip() {
        for (String command : Arrays.asList(
                "org.example.Ring 3",
                "/x/app.jar",
                "jdk.compiler/com.sun.tools.javac.launcher.Main Ring.java",
                "org.qmpi4j.launch.internal.MpjMulticoreMain 4 org.example.Ring",
                "org.qmpi4j.launch.internal.NiodevRankMain org.example.Ring 0 conf niodev",
                "runtime.starter.MulticoreStarter /tmp 4 smpdev useLocalLoader EMPTY org.example.Ring",
                "")) {
            assertThat(policy(List.of("java", "Main"), command).passingTool())
                    .as(command)
                    .isFalse();
        }
    }

    @Test
    void withoutTheProcessCommandLineTheEnvironmentDecides() {
        assertThat(new AttachPolicy(null, "sun.tools.jar.Main", FROM_ENV).arrivedOnlyThroughEnvironment())
                .isTrue();
        assertThat(new AttachPolicy(null, "sun.tools.jar.Main", Collections.emptyMap()).arrivedOnlyThroughEnvironment())
                .isFalse();
    }

    @Test
    void onlyQmpi4jAgentsCount() {
        assertThat(AttachPolicy.isQmpi4jAgentOption(AGENT)).isTrue();
        assertThat(AttachPolicy.isQmpi4jAgentOption("-javaagent:qmpi4j-agent.jar"))
                .isTrue();
        assertThat(AttachPolicy.isQmpi4jAgentOption("-javaagent:/opt/otel/opentelemetry-javaagent.jar"))
                .isFalse();
        assertThat(AttachPolicy.isQmpi4jAgentOption("-Dqmpi4j.tools=x")).isFalse();
    }

    @Test
    void theSecondAttachmentSaysWhatItIgnores() {
        assertThat(AttachPolicy.secondAttachmentLine("tools=a", "tools=a"))
                .isEqualTo("the agent is already attached to this JVM; this further -javaagent is ignored");
        assertThat(AttachPolicy.secondAttachmentLine("", "tools=b"))
                .startsWith("the agent is already attached to this JVM; this further -javaagent is ignored")
                .contains("'tools=b'");
    }
}
