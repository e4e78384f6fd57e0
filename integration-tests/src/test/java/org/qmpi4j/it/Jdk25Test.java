package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.NodeJobs;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;
import org.qmpi4j.launch.MpiRuntimes;

/**
 * The agent (built for Java 11), the bundled tools and the {@code qmpi4j} command on a JDK 25
 * runtime, every JVM of a job on it: the Open MPI samples through {@code mpirun} and {@code qmpi4j
 * run}, MPJ Express in niodev mode and in multicore mode through a plain {@code java}; the profile
 * and the trace hold exactly what each sample counted. JDK 24+ warn about native access: the agent
 * adds no warning of its own to a job, its jar run as a program declares what it needs, and the
 * flag the user guide names silences the rest.
 */
class Jdk25Test {
    private static final Path JDK_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    private static final Path JAVA_25 = JDK_25.resolve("bin/java");
    private static final String RESTRICTED = "WARNING: A restricted method";

    @BeforeEach
    void jdk25() {
        Assumptions.assumeTrue(Files.isExecutable(JAVA_25), JAVA_25 + " not installed");
    }

    @Test
    void countsOnJdk25() throws Exception {
        JobResult result = AgentJob.run(
                AgentJob.withTools(AgentJob.SAMPLES + "Ring", 2, "counter").javaExecutable(JAVA_25));
        SampleOutput out = AgentJob.assertOk(result, 2);
        for (int rank = 0; rank < 2; rank++) {
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("counter on rank %d\n%s", rank, result.describe())
                    .isEqualTo(out.rankReport(rank).calls);
        }
    }

    @Test
    void qmpi4jRunBundledToolsMergeAndReport(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        Path recordings = Files.createDirectories(tmp.resolve("jfr"));
        BundledTools.Command run = qmpi4j(
                Map.of("QMPI4J_CACHE", tmp.resolve("cache").toString()),
                "run",
                "--tools",
                "profiler,tracer,jfr",
                "--output",
                out.toString(),
                "--",
                "mpirun",
                "--allow-run-as-root",
                "--oversubscribe",
                "-np",
                "2",
                JAVA_25.toString(),
                "-XX:StartFlightRecording=filename=" + recordings + "/",
                "-cp",
                openMpiSamples(),
                "org.qmpi4j.samples.openmpi.Ring",
                "2");
        assertThat(run.exitCode).as("%s", run).isZero();
        SampleOutput own = SampleOutput.parse(run.stdout);
        JobResults.Profile p = JobResults.in(out).profile();
        NodeJobs.assertMatchesOwnCounts(p, JobResults.in(out).trace(), own, 2);
        assertThat(restrictedCallers(run.stderr))
                .as("JDK 25's native-access warnings name the binding's loadLibrary only, never the agent\n%s", run)
                .containsOnly("java.lang.System::loadLibrary has been called by mpi.MPI");

        long calls =
                own.totalCalls().values().stream().mapToLong(Long::longValue).sum();
        long events = 0;
        try (Stream<Path> files = Files.list(recordings)) {
            for (Path f : files.collect(Collectors.toList())) {
                BundledTools.Command print = BundledTools.run(
                        List.of(
                                JDK_25.resolve("bin/jfr").toString(),
                                "print",
                                "--events",
                                "qmpi4j.MpiCall",
                                f.toString()),
                        Map.of());
                events += print.stdout
                        .lines()
                        .filter(l -> l.startsWith("qmpi4j.MpiCall"))
                        .count();
            }
        }
        assertThat(events).as("jfr: one qmpi4j.MpiCall per call of both ranks").isEqualTo(calls);

        Path copy = Files.createDirectories(tmp.resolve("copy/ranks"));
        try (Stream<Path> files = Files.list(out.resolve("ranks"))) {
            for (Path f : files.collect(Collectors.toList())) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        BundledTools.Command merge = qmpi4j(Map.of(), "merge", copy.getParent().toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        assertThat(JobResults.in(copy.getParent()).profile().callsPerRank).isEqualTo(p.callsPerRank);
        BundledTools.Command report =
                qmpi4j(Map.of(), "report", copy.getParent().toString());
        assertThat(report.exitCode).as("%s", report).isZero();
        assertThat(report.stdout).contains("== Time per rank", "MPI_SEND");
    }

    @Test
    void nativeAccessOfTheAgentsJna(@TempDir Path tmp) throws Exception {
        // The agent jar as a program: its manifest grants what JNA needs, so no warning.
        BundledTools.Command list = BundledTools.run(
                List.of(
                        JAVA_25.toString(),
                        "-jar",
                        ItJars.jar("qmpi4j-agent").toString(),
                        "mpit",
                        "list",
                        "--source",
                        "library"),
                Map.of());
        assertThat(list.exitCode).as("%s", list).isZero();
        assertThat(list.stdout).contains("MPI library: /");
        assertThat(list.stderr).doesNotContain(RESTRICTED);

        // Where the JVM refuses native access, the listing says what to change (not as -jar: its
        // manifest would grant access).
        BundledTools.Command denied = BundledTools.run(
                List.of(
                        JAVA_25.toString(),
                        "--illegal-native-access=deny",
                        "-cp",
                        ItJars.jar("qmpi4j-agent").toString(),
                        "org.qmpi4j.agent.Main",
                        "mpit",
                        "list",
                        "--source",
                        "library"),
                Map.of());
        assertThat(denied.exitCode).as("%s", denied).isZero();
        assertThat(denied.stdout)
                .as("%s", denied)
                .contains("MPI library: none shown: the MPI library's MPI_T could not be opened")
                .contains("run java with --enable-native-access=ALL-UNNAMED");

        // In a job, a tool reading the library's MPI_T loads it through JNA; the documented flag
        // (in the user's JDK_JAVA_OPTIONS, which qmpi4j run keeps) silences every warning.
        BundledTools.Command run = qmpi4j(
                Map.of("JDK_JAVA_OPTIONS", "--enable-native-access=ALL-UNNAMED", "OMPI_MCA_pml", "ob1"),
                "run",
                "--tools",
                "unexpected-queue",
                "--toolpath",
                ItJars.jar("qmpi4j-samples-tools").toString(),
                "--output",
                tmp.resolve("results").toString(),
                "--",
                "mpirun",
                "--allow-run-as-root",
                "--oversubscribe",
                "-np",
                "2",
                JAVA_25.toString(),
                "-cp",
                openMpiSamples(),
                "org.qmpi4j.samples.openmpi.UnexpectedMessages");
        assertThat(run.exitCode).as("%s", run).isZero();
        assertThat(run.stdout).as("the tool read Open MPI's queue through JNA").contains("QMPI4J-UNEXQ-HANDLE rank=1");
        assertThat(run.stderr).doesNotContain(RESTRICTED);
    }

    @Test
    void mpjMulticoreThroughPlainJava(@TempDir Path tmp) throws Exception {
        int ranks = 4;
        Path out = tmp.resolve("results");
        List<String> starter = new ArrayList<>();
        for (String jar : List.of("smpdev.jar", "xdev.jar", "mpjbuf.jar", "loader2.jar", "starter.jar", "mpiExp.jar")) {
            starter.add(MpiRuntimes.mpjJar(jar).toString());
        }
        BundledTools.Command run = qmpi4j(
                Map.of("MPJ_HOME", MpiRuntimes.mpjHome().toString()),
                "run",
                "--output",
                out.toString(),
                "--",
                JAVA_25.toString(),
                "-cp",
                String.join(File.pathSeparator, starter),
                "runtime.starter.MulticoreStarter",
                tmp.toString(),
                Integer.toString(ranks),
                "smpdev",
                "useLocalLoader",
                ItJars.jar("qmpi4j-samples-mpj") + File.pathSeparator + ItJars.jar("qmpi4j-samples-common"),
                "org.qmpi4j.samples.mpj.Ring");
        assertThat(run.exitCode).as("%s", run).isZero();
        SampleOutput own = SampleOutput.parse(run.stdout);
        assertThat(own.okRanks())
                .as("%s", run)
                .containsExactlyElementsOf(IntStream.range(0, ranks).boxed()::iterator);
        JobResults.Profile p = JobResults.in(out).profile();
        assertThat(p.root.get("binding").asString()).isEqualTo("mpj");
        NodeJobs.assertMatchesOwnCounts(p, JobResults.in(out).trace(), own, ranks);
    }

    @ParameterizedTest(name = "Open MPI {0} with {1} ranks")
    @CsvSource({"PingPong, 2", "Stencil, 4", "Collectives, 4"})
    void openMpiSamplesUnderProfilerAndTracer(String sample, int ranks, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        MpiJob.Builder job = BundledTools.job(AgentJob.SAMPLES + sample, ranks, "profiler,tracer", out)
                .args(NodeJobs.SAMPLES.get(sample))
                .javaExecutable(JAVA_25);
        SampleOutput own = AgentJob.assertOk(AgentJob.run(job), ranks);
        NodeJobs.assertMatchesOwnCounts(
                JobResults.in(out).profile(), JobResults.in(out).trace(), own, ranks);
    }

    @Test
    void mpjNiodevStencilUnderProfilerAndTracer(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        MpiJob.Builder job = MpjAgentJob.withTools("Stencil", 4, "profiler,tracer")
                .env("QMPI4J_OUTPUT", out.toString())
                .javaExecutable(JAVA_25);
        JobResult result = MpjAgentJob.run(MpjAgentJob.Mode.NIODEV, job);
        SampleOutput own = MpjAgentJob.assertOk(result, 4, MpjAgentJob.Mode.NIODEV);
        JobResults.Profile p = JobResults.in(out).profile();
        assertThat(p.root.get("binding").asString()).isEqualTo("mpj");
        NodeJobs.assertMatchesOwnCounts(p, JobResults.in(out).trace(), own, 4);
    }

    /** {@code qmpi4j} itself on JDK 25. */
    private static BundledTools.Command qmpi4j(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(
                List.of(JAVA_25.toString(), "-jar", ItJars.jar("qmpi4j-cli").toString()));
        cmd.addAll(List.of(args));
        return BundledTools.run(cmd, env, Duration.ofMinutes(2));
    }

    private static String openMpiSamples() {
        return String.join(
                File.pathSeparator,
                MpiRuntimes.openMpiJar().toString(),
                ItJars.jar("qmpi4j-samples-openmpi").toString(),
                ItJars.jar("qmpi4j-samples-common").toString());
    }

    /**
     * "X has been called by Y" of each native-access warning, without the module's location. Found
     * anywhere in the text, not per line: two ranks' JVMs warn at the same moment, and their lines
     * can interleave mid-line on the launcher's stderr.
     */
    private static List<String> restrictedCallers(String stderr) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "(java\\.lang\\.[A-Za-z]+::[A-Za-z]+ has been called by [A-Za-z0-9_.$]+)")
                .matcher(stderr);
        List<String> callers = new java.util.ArrayList<>();
        while (m.find()) {
            if (!callers.contains(m.group(1))) {
                callers.add(m.group(1));
            }
        }
        return callers;
    }
}
