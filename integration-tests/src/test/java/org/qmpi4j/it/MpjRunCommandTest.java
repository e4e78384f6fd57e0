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
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.NodeJobs;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.it.support.ToolResults;
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

    private static List<String> mpjrun(String device, Path tmp) throws IOException {
        Path machines = Files.writeString(tmp.resolve("machines"), "localhost\n");
        // MPJ's multicore mode replaces "mpj.jar" by "mpi.jar" in the class path it is given, which
        // would turn qmpi4j-samples-mpj.jar into a file that does not exist.
        Path samples = Files.copy(ItJars.jar("qmpi4j-samples-mpj"), tmp.resolve("samples.jar"));
        return List.of(
                MpiRuntimes.mpjHome().resolve("bin/mpjrun.sh").toString(),
                "-np",
                Integer.toString(RANKS),
                "-dev",
                device,
                "-machinesfile",
                machines.toString(),
                "-cp",
                samples + File.pathSeparator + ItJars.jar("qmpi4j-samples-common"),
                "org.qmpi4j.samples.mpj.Ring");
    }

    private static BundledTools.Command qmpi4jRun(Path out, List<String> job) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                ItJars.jar("qmpi4j-cli").toString(),
                "run",
                "--output",
                out.toString(),
                "--"));
        cmd.addAll(job);
        return BundledTools.run(cmd, Map.of("MPJ_HOME", MpiRuntimes.mpjHome().toString()), Duration.ofMinutes(2));
    }

    private static void assertMatches(BundledTools.Command run, Path out) throws Exception {
        assertThat(run.exitCode).as("%s", run).isZero();
        SampleOutput own = SampleOutput.parse(run.stdout);
        assertThat(own.okRanks())
                .as("ranks whose own check passed\n%s", run)
                .containsExactlyElementsOf(IntStream.range(0, RANKS).boxed()::iterator);
        ToolResults.Profile p = ToolResults.profile(out);
        assertThat(p.root.get("binding").asString()).isEqualTo("mpj");
        NodeJobs.assertMatchesOwnCounts(p, ToolResults.trace(out), own, RANKS);
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
