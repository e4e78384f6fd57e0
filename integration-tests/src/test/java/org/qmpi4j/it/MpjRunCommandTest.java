package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.NodeJobs;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.MpiRuntimes;

/**
 * {@code qmpi4j run -- mpjrun.sh ...}: MPJ Express' own launcher, in both of its modes, with the
 * command unedited; the profile and the trace hold exactly what the sample counted. niodev ranks
 * are started by MPJ's daemon, which runs here on this machine as {@code mpjboot} would start it.
 * (A plain {@code java} of MPJ's multicore starter: {@code Jdk25Test}.)
 */
class MpjRunCommandTest {
    private static final int RANKS = 4;

    @Test
    void multicoreThroughMpjrun(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        BundledTools.Command run = qmpi4jRun(out, mpjrun("multicore", tmp));
        assertMatches(run, out);
    }

    @Test
    void niodevThroughMpjrunAndMpjsDaemon(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        Process daemon = startDaemon(tmp);
        try {
            BundledTools.Command run = qmpi4jRun(out, mpjrun("niodev", tmp));
            assertMatches(run, out);
        } finally {
            daemon.destroy();
            if (!daemon.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                daemon.destroyForcibly();
            }
        }
    }

    /**
     * The application's status, not the launcher's (which is 0 whatever the ranks did): a job
     * that {@code check} ended on a deadlock exits 3 as under Open MPI, in both modes, and a rank's
     * {@code MPI_Abort} (a no-op in MPJ Express 0.44) gives its code.
     */
    @Test
    void aDeadlockThatCheckEndedExits3InBothModes(@TempDir Path tmp) throws Exception {
        Path multicore = tmp.resolve("multicore");
        BundledTools.Command run = qmpi4jRun(
                multicore,
                List.of("--tools", "check"),
                mpjrun("multicore", tmp, 2, "-Dqmpi4j.check.deadlock-seconds=3", DEADLOCK));
        assertEndedByCheck(run, multicore);
        Path niodev = tmp.resolve("niodev");
        Process daemon = startDaemon(tmp);
        try {
            run = qmpi4jRun(
                    niodev,
                    List.of("--tools", "check"),
                    mpjrun("niodev", tmp, 2, "-Dqmpi4j.check.deadlock-seconds=3", DEADLOCK));
            assertEndedByCheck(run, niodev);
        } finally {
            daemon.destroy();
            if (!daemon.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                daemon.destroyForcibly();
            }
        }
    }

    @Test
    void anAbortInMulticoreModeGivesItsCode(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        BundledTools.Command run = qmpi4jRun(
                out,
                List.of(),
                mpjrun("multicore", tmp, 3, null, "org.qmpi4j.samples.mpj.features.ThrowMidway", "6", "3", "abort"));
        assertThat(run.exitCode).as("%s", run).isEqualTo(3);
        JobResults results = JobResults.in(out);
        RankFailure recorded = results.failure(1);
        assertThat(recorded).as("rank 1's failure record\n%s", run).isNotNull();
        assertThat(recorded.kind()).isEqualTo(RankFailure.Kind.ABORT);
        assertThat(recorded.code()).isEqualTo(3);
        assertThat(recorded.site()).startsWith("org.qmpi4j.samples.mpj.features.ThrowMidway.main(ThrowMidway.java:");
        assertThat(results.world().state).isEqualTo("aborted");
        // The command's summary names the failure the rank recorded, and both statuses.
        assertThat(run.stdout)
                .as("%s", run)
                .contains("qmpi4j: first failure: " + recorded.describe() + " (exit status 3; the launcher's: 0)");
    }

    private static final String DEADLOCK = "org.qmpi4j.samples.mpj.defects.RecvRecvDeadlock";

    private static void assertEndedByCheck(BundledTools.Command run, Path out) throws Exception {
        assertThat(run.exitCode).as("%s", run).isEqualTo(3);
        JobResults results = JobResults.in(out);
        RankFailure recorded = results.failure(0);
        assertThat(recorded).as("rank 0's failure record\n%s", run).isNotNull();
        assertThat(recorded.kind()).isEqualTo(RankFailure.Kind.ABORT);
        assertThat(recorded.code()).isEqualTo(3);
        assertThat(recorded.site()).startsWith("qmpi4j check: a deadlock");
        assertThat(results.findings())
                .singleElement()
                .satisfies(f -> assertThat(f.rule()).isEqualTo("deadlock"));
        assertThat(results.world().state).isEqualTo("aborted");
        // The command's summary names the failure the rank recorded, and both statuses.
        assertThat(run.stdout)
                .as("%s", run)
                .contains("qmpi4j: job exit status 3; results in " + out)
                .contains("qmpi4j: first failure: " + recorded.describe() + " (exit status 3; the launcher's: 0)");
    }

    private static List<String> mpjrun(String device, Path tmp) throws IOException {
        return mpjrun(device, tmp, RANKS, null, "org.qmpi4j.samples.mpj.Ring");
    }

    private static List<String> mpjrun(String device, Path tmp, int ranks, String jvmOption, String... program)
            throws IOException {
        Path machines = Files.writeString(tmp.resolve("machines"), "localhost\n");
        // MPJ's multicore mode replaces "mpj.jar" by "mpi.jar" in the class path it is given, which
        // would turn qmpi4j-samples-mpj.jar into a file that does not exist.
        Path samples = tmp.resolve("samples.jar");
        if (!Files.exists(samples)) {
            Files.copy(ItJars.jar("qmpi4j-samples-mpj"), samples);
        }
        List<String> cmd = new ArrayList<>(
                List.of(MpiRuntimes.mpjHome().resolve("bin/mpjrun.sh").toString()));
        if (jvmOption != null) {
            cmd.add(jvmOption);
        }
        cmd.addAll(List.of(
                "-np",
                Integer.toString(ranks),
                "-dev",
                device,
                "-machinesfile",
                machines.toString(),
                "-cp",
                samples + File.pathSeparator + ItJars.jar("qmpi4j-samples-common")));
        cmd.addAll(List.of(program));
        return cmd;
    }

    private static BundledTools.Command qmpi4jRun(Path out, List<String> job) throws Exception {
        return qmpi4jRun(out, List.of(), job);
    }

    private static BundledTools.Command qmpi4jRun(Path out, List<String> options, List<String> job) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                ItJars.jar("qmpi4j-cli").toString(),
                "run"));
        cmd.addAll(options);
        cmd.addAll(List.of("--output", out.toString(), "--"));
        cmd.addAll(job);
        return BundledTools.run(cmd, Map.of("MPJ_HOME", MpiRuntimes.mpjHome().toString()), Duration.ofMinutes(2));
    }

    private static void assertMatches(BundledTools.Command run, Path out) throws Exception {
        assertThat(run.exitCode).as("%s", run).isZero();
        SampleOutput own = SampleOutput.parse(run.stdout);
        assertThat(own.okRanks())
                .as("ranks whose own check passed\n%s", run)
                .containsExactlyElementsOf(IntStream.range(0, RANKS).boxed()::iterator);
        JobResults results = JobResults.in(out);
        JobResults.Profile p = results.profile();
        assertThat(p.root.get("binding").asString()).isEqualTo("mpj");
        NodeJobs.assertMatchesOwnCounts(p, results.trace(), own, RANKS);
        assertThat(results.world().state).isEqualTo("finalized");
    }

    /**
     * MPJ's daemon on its configured port, with an environment without the agent (the daemons of
     * a cluster are started once, not per job), ready when the port answers.
     */
    static Process startDaemon(Path tmp) throws Exception {
        Path home = MpiRuntimes.mpjHome();
        int port = Integer.parseInt(Files.readAllLines(home.resolve("conf/mpjexpress.conf")).stream()
                .filter(l -> l.startsWith("mpjexpress.mpjdaemon.port.1="))
                .findFirst()
                .orElseThrow()
                .split("=")[1]
                .strip());
        ProcessBuilder b = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-jar",
                        home.resolve("lib/daemon.jar").toString(),
                        Integer.toString(port))
                .directory(tmp.toFile())
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("daemon.log").toFile());
        b.environment().remove("JDK_JAVA_OPTIONS");
        b.environment().put("MPJ_HOME", home.toString());
        Process daemon = b.start();
        // Asked of the system, not by connecting: the daemon takes any connection for a job request.
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (BundledTools.run(List.of("ss", "-Hltn", "sport = :" + port), Map.of())
                .stdout
                .isBlank()) {
            if (!daemon.isAlive() || System.nanoTime() > deadline) {
                daemon.destroyForcibly();
                throw new AssertionError(
                        "MPJ's daemon did not listen on " + port + ": " + Files.readString(tmp.resolve("daemon.log")));
            }
            Thread.sleep(200);
        }
        return daemon;
    }
}
