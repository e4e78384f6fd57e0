package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * The tools' own MPI messages leave nothing in the application's memory: a receive shorter than
 * its array (the {@code ShortReceive} samples) finds past its count exactly what it finds without
 * the agent, under the three tools that exchange messages of their own while the job runs or at its
 * end. With Open MPI the binding copies the whole array back from a native buffer it reuses, so
 * bytes of a tool's message that passed through that buffer would show here.
 */
class ShortReceiveTest {
    private static final String TOOLS = "profiler,tracer,check";

    @Test
    void openMpi(@TempDir Path tmp) throws Exception {
        String main = AgentJob.SAMPLES + "features.ShortReceive";
        JobResult plain = AgentJob.run(AgentJob.plain(main, 2));
        JobResult tooled = AgentJob.run(
                AgentJob.plain(main, 2).jvmOption(AgentJob.agentOption("tools=" + TOOLS + ";output=" + tmp)));
        assertSameTail(plain, tooled);
    }

    @ParameterizedTest
    @EnumSource(MpjAgentJob.Mode.class)
    void mpjExpress(MpjAgentJob.Mode mode, @TempDir Path tmp) throws Exception {
        JobResult plain = MpjAgentJob.run(mode, mpj());
        JobResult tooled =
                MpjAgentJob.run(mode, mpj().jvmOption(AgentJob.agentOption("tools=" + TOOLS + ";output=" + tmp)));
        assertSameTail(plain, tooled);
    }

    private static MpiJob.Builder mpj() {
        return MpiJob.builder(MpjAgentJob.SAMPLES + "ShortReceive")
                .classpath(ItJars.jar("qmpi4j-samples-mpj"), ItJars.jar("qmpi4j-samples-common"))
                .ranks(2)
                .timeout(java.time.Duration.ofMinutes(2))
                .echo(false);
    }

    private static void assertSameTail(JobResult plain, JobResult tooled) {
        assertThat(plain.succeeded()).as(plain.describe()).isTrue();
        assertThat(tooled.succeeded()).as(tooled.describe()).isTrue();
        List<String> without = lines(plain);
        assertThat(without)
                .as("the sample's two short receives\n%s", plain.describe())
                .hasSize(2)
                .anyMatch(l -> l.startsWith("SHORT-RECEIVE char count=5 text=hello tail="))
                .anyMatch(l -> l.startsWith("SHORT-RECEIVE byte count=3 text= tail="));
        assertThat(lines(tooled))
                .as("what lies past the received count, with %s and without the agent\n%s", TOOLS, tooled.describe())
                .containsExactlyElementsOf(without);
    }

    private static List<String> lines(JobResult result) {
        return result.stdout()
                .lines()
                .map(l -> l.substring(Math.max(0, l.indexOf("SHORT-RECEIVE "))))
                .filter(l -> l.startsWith("SHORT-RECEIVE "))
                .collect(Collectors.toList());
    }
}
