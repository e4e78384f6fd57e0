package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.launch.MpiRuntimes;

/**
 * The job's output is the application's: a job's stdout and stderr under {@code qmpi4j run
 * --tools profiler,tracer,check} are those of the same command without it, on each launcher,
 * but for the lines {@code qmpi4j run} prints itself once per job (two on its stderr before the
 * job, its summary on its stdout after it, which says where the results are and {@code check}'s
 * verdict). No {@code Picked up} note, no line of the agent or the tools on any rank: rank 0's
 * own lines about the results are left to {@code qmpi4j run} ({@code quiet-results}). The job is {@code ShortReceive},
 * whose output is the same from run to run.
 */
class JobOutputTest {
    /** The tools of the comparison. */
    static final String TOOLS = "profiler,tracer,check";

    @Test
    void mpirun(@TempDir Path tmp) throws Exception {
        String samples = String.join(
                File.pathSeparator,
                MpiRuntimes.openMpiJar().toString(),
                ItJars.jar("qmpi4j-samples-openmpi").toString(),
                ItJars.jar("qmpi4j-samples-common").toString());
        assertSameOutput(
                tmp,
                List.of(
                        "mpirun",
                        "--allow-run-as-root",
                        "--oversubscribe",
                        "-np",
                        "2",
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        samples,
                        "org.qmpi4j.samples.openmpi.features.ShortReceive"));
    }

    @Test
    void mpjrunMulticore(@TempDir Path tmp) throws Exception {
        assertSameOutput(tmp, mpjrun("multicore", tmp));
    }

    @Test
    void mpjrunNiodev(@TempDir Path tmp) throws Exception {
        Process daemon = MpjRunCommandTest.startDaemon(tmp);
        try {
            assertSameOutput(tmp, mpjrun("niodev", tmp));
        } finally {
            daemon.destroy();
            if (!daemon.waitFor(10, TimeUnit.SECONDS)) {
                daemon.destroyForcibly();
            }
        }
    }

    private static List<String> mpjrun(String device, Path tmp) throws Exception {
        Path machines = Files.writeString(tmp.resolve("machines"), "localhost\n");
        // MPJ's multicore mode turns "mpj.jar" in the class path into "mpi.jar": a copy under another name
        Path samples = Files.copy(ItJars.jar("qmpi4j-samples-mpj"), tmp.resolve("samples.jar"));
        return List.of(
                MpiRuntimes.mpjHome().resolve("bin/mpjrun.sh").toString(),
                "-np",
                "2",
                "-dev",
                device,
                "-machinesfile",
                machines.toString(),
                "-cp",
                samples + File.pathSeparator + ItJars.jar("qmpi4j-samples-common"),
                "org.qmpi4j.samples.mpj.ShortReceive");
    }

    private static void assertSameOutput(Path tmp, List<String> job) throws Exception {
        Map<String, String> env = Map.of("MPJ_HOME", MpiRuntimes.mpjHome().toString());
        BundledTools.Command plain = BundledTools.run(job, env, Duration.ofMinutes(2));
        List<String> run = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                ItJars.jar("qmpi4j-cli").toString(),
                "run",
                "--tools",
                TOOLS,
                "--output",
                tmp.resolve("results").toString(),
                "--"));
        run.addAll(job);
        BundledTools.Command tooled = BundledTools.run(run, env, Duration.ofMinutes(2));
        assertSameOutput(plain, tooled, tmp.resolve("results").toString());
    }

    /**
     * {@code tooled}, the job of {@code plain} under {@code qmpi4j run --tools profiler,tracer,check
     * --output results}, printed what {@code plain} printed, and {@code qmpi4j run}'s own lines only
     * (also used by SlurmTest for {@code srun}).
     */
    static void assertSameOutput(BundledTools.Command plain, BundledTools.Command tooled, String results) {
        assertThat(plain.exitCode).as("%s", plain).isZero();
        assertThat(tooled.exitCode).as("%s", tooled).isZero();
        assertThat(plain.stdout).as("%s", plain).contains("SHORT-RECEIVE char count=5 text=hello");

        List<String> out = tooled.stdout.lines().collect(Collectors.toList());
        int summary = out.indexOf("qmpi4j: job exit status 0; results in " + results);
        assertThat(summary)
                .as("qmpi4j run's summary, after the job's output\n%s", tooled)
                .isNotNegative();
        assertThat(out.subList(summary, out.size()))
                .as("check's verdict, in qmpi4j run's summary\n%s", tooled)
                .contains("qmpi4j check: no findings in 2 rank(s)");
        List<String> jobOut = new ArrayList<>(out.subList(0, summary));
        List<String> jobErr = new ArrayList<>();
        tooled.stderr.lines().skip(2).forEach(jobErr::add);
        assertThat(sorted(jobOut))
                .as("the job's stdout with and without qmpi4j run\n%s\n%s", plain, tooled)
                .containsExactlyElementsOf(sorted(plain.stdout.lines().collect(Collectors.toList())));

        List<String> err = tooled.stderr.lines().collect(Collectors.toList());
        assertThat(err.stream().filter(l -> l.startsWith("qmpi4j: running the job with tools " + TOOLS)))
                .hasSize(1);
        assertThat(err.stream().filter(l -> l.startsWith("qmpi4j: AOT cache "))).hasSize(1);
        assertThat(sorted(jobErr))
                .as(
                        "the job's stderr with and without qmpi4j run, but for qmpi4j run's own two lines\n%s\n%s",
                        plain, tooled)
                .containsExactlyElementsOf(sorted(plain.stderr.lines().collect(Collectors.toList())));
        assertThat(tooled.stderr).doesNotContain("Picked up");
    }

    private static List<String> sorted(List<String> lines) {
        return lines.stream().sorted().collect(Collectors.toList());
    }
}
