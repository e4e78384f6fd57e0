package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.MpjAgentJob.Mode;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * Everything qmpi4j prints on stderr in a job of several ranks under {@code profiler,tracer},
 * not verbose, exactly: a line every rank would print alike (a setting's bad value, an agent
 * argument no one declared, a results folder that cannot be made) comes once per job, from rank 0,
 * whatever starts the ranks (mpirun; MPJ Express in both modes through the launcher's wrappers,
 * where nothing in the environment says which rank a JVM is before {@code MPI_Init}); MPJ's lack
 * of {@code MPI_Pcontrol} is no warning; the reports name the application's main class.
 */
class JobMessagesTest {
    private static final String BAD_FLUSH = "qmpi4j: setting flush-seconds: agent argument flush-seconds = \"abc\" is"
            + " not accepted (expected a positive number of seconds); using the default, 10";

    @Test
    void openMpiRanksSayEachConfigurationProblemOnce(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.SAMPLES + "Ring", 4)
                .jvmOption(agent("tools=profiler,tracer;flush-seconds=abc;colour=red"))
                .env("QMPI4J_OUTPUT", out.toString()));
        assertRingOk(result);
        List<String> said = qmpi4jLines(result);
        assertThat(said)
                .as(result.describe())
                .hasSize(3)
                .contains(BAD_FLUSH)
                .anySatisfy(l -> assertThat(l).startsWith("qmpi4j: results in " + out + " ("));
        String unknown = said.stream()
                .filter(l -> l.startsWith("qmpi4j: unknown agent argument 'colour'"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line about 'colour'\n" + result.describe()));
        assertThat(unknown)
                .as("the known keys offered")
                .contains("flush-seconds", "tracer.limit", "tools")
                .doesNotContain("test-clock-skew");
    }

    @Test
    void aResultsFolderThatCannotBeMadeIsSaidOnce(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        Path out = file.resolve("results"); // under a plain file: nobody, root included, can make it
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.SAMPLES + "Ring", 4)
                .jvmOption(agent("tools=profiler,tracer"))
                .env("QMPI4J_OUTPUT", out.toString()));
        assertRingOk(result);
        assertThat(qmpi4jLines(result))
                .as(result.describe())
                .singleElement()
                .asString()
                .startsWith("qmpi4j: cannot create the results directory");
    }

    @Test
    void aRanksFolderThatCannotBeMadeIsSaidOncePerNode(@TempDir Path tmp) throws Exception {
        Path out = Files.createDirectories(tmp.resolve("results"));
        Files.writeString(out.resolve("ranks"), "x"); // a plain file where each rank's folder goes
        JobResult result = AgentJob.run(AgentJob.plain(AgentJob.SAMPLES + "Ring", 4)
                .jvmOption(agent("tools=profiler,tracer"))
                .env("QMPI4J_OUTPUT", out.toString()));
        assertRingOk(result);
        List<String> said = qmpi4jLines(result);
        assertThat(said).as(result.describe()).hasSize(2);
        assertThat(said.get(0))
                .as("one line for the host's ranks")
                .startsWith("qmpi4j: the ranks on ")
                .contains(" cannot create " + out.resolve("ranks"));
        assertThat(said.get(1)).startsWith("qmpi4j: results in " + out + " (");
    }

    @ParameterizedTest(name = "{0} in {1} mode with {2} ranks")
    @CsvSource({"Ring, NIODEV, 4", "Stencil, MULTICORE, 2"})
    void mpjJobsSayOnlyWhatTheUserCanActOn(String sample, Mode mode, int ranks, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = MpjAgentJob.run(
                mode,
                MpiJob.builder(MpjAgentJob.SAMPLES + sample)
                        .classpath(ItJars.jar("qmpi4j-samples-mpj"), ItJars.jar("qmpi4j-samples-common"))
                        .ranks(ranks)
                        .jvmOption(agent("tools=profiler,tracer;flush-seconds=abc"))
                        .env("QMPI4J_OUTPUT", out.toString())
                        .timeout(Duration.ofMinutes(2))
                        .echo(false));
        assertThat(result.succeeded()).as(result.describe()).isTrue();
        assertThat(qmpi4jLines(result))
                .as("no word about MPI_Pcontrol, the bad value once\n%s", result.describe())
                .hasSize(2)
                .contains(BAD_FLUSH)
                .anySatisfy(l -> assertThat(l).startsWith("qmpi4j: results in " + out + " ("));
        assertThat(Files.readString(out.resolve("report.txt")))
                .as("the application, not the launcher's wrapper")
                .contains("\n  application " + MpjAgentJob.SAMPLES + sample + "\n");
    }

    /** What MPJ lacks is listed with the tools instead, after the "name<TAB>description" lines. */
    @Test
    void theToolsListingNotesThatMpjHasNoPcontrol() throws Exception {
        BundledTools.Command tools =
                BundledTools.java(Map.of(), "-jar", ItJars.jar("qmpi4j-agent").toString(), "tools");
        assertThat(tools.exitCode).as("%s", tools).isZero();
        List<String> lines = tools.stdout.lines().collect(Collectors.toList());
        assertThat(lines.stream().filter(l -> l.contains("\t")).map(l -> l.substring(0, l.indexOf('\t'))))
                .as("%s", tools)
                .containsExactlyInAnyOrder("profiler", "tracer", "jfr", "check");
        assertThat(lines.stream().filter(l -> !l.contains("\t")))
                .as("%s", tools)
                .containsExactly("note: MPJ Express 0.44 (mpiJava 1.2) has no MPI_Pcontrol: a tool's MPI_PCONTROL"
                        + " handler never runs with this binding, and the application cannot switch the tool off or"
                        + " on, nor ask it to flush");
    }

    /** Every rank verified its result (not verbose: no rewriting summary to check). */
    private static void assertRingOk(JobResult result) {
        assertThat(result.succeeded()).as(result.describe()).isTrue();
        assertThat(SampleOutput.parse(result).okRanks()).as(result.describe()).hasSize(4);
    }

    private static String agent(String args) {
        return "-javaagent:" + ItJars.jar("qmpi4j-agent") + "=" + args;
    }

    /** The lines of stderr from qmpi4j (prefix {@code qmpi4j:} or {@code qmpi4j <tool>:}), without the launcher's tag. */
    private static List<String> qmpi4jLines(JobResult result) {
        return result.stderr()
                .lines()
                .filter(l -> l.contains("qmpi4j:") || l.contains("qmpi4j "))
                .map(l -> l.substring(l.indexOf("qmpi4j")))
                .collect(Collectors.toList());
    }
}
