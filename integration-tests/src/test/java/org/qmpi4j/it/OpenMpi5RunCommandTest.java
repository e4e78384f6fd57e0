package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.it.fixtures.ImplicitNullChecks;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.NodeJobs;
import org.qmpi4j.it.support.Nodes;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.MpiRuntimes;
import org.testcontainers.containers.Container;

/**
 * {@code qmpi4j run} on Open MPI 5.0.7 and JDK 21 (Debian 13, in a container): the command, the
 * agent and the bundled tools run on JDK 21, and the job's ranks get what Java ranks need under
 * Open MPI 5 (UCX's signal handlers out of the JVM's way) without the user setting anything.
 * MPJ Express (this machine's MPJ_HOME, copied in; the image has none) runs there on JDK 21 too,
 * through its own launcher.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OpenMpi5RunCommandTest {
    private static final String FIXTURES = Nodes.APP + "/fixtures";
    private static final String MPJ_HOME = "/opt/mpj";
    private static final String QMPI4J = "java -jar " + Nodes.APP + "/qmpi4j-cli.jar";

    private Nodes node;

    @BeforeAll
    void startNode() throws Exception {
        node = Nodes.start(Nodes.TRIXIE, 1);
        assertThat(node.exec(1, "mpirun", "--version").getStdout()).contains("Open MPI) 5.0.");
        assertThat(node.exec(1, "java", "-version").getStderr()).contains("version \"21.");
        String fixtures = ImplicitNullChecks.class.getPackageName().replace('.', '/');
        node.copyInto(1, ItJars.testClasses().resolve(fixtures), FIXTURES + "/" + fixtures);
    }

    @AfterAll
    void removeNode() {
        if (node != null) {
            node.close();
        }
    }

    @Test
    void theJvmsOwnSegvsReachTheJvmWithoutTheUserSettingUcx() throws Exception {
        String job = words(
                "mpirun",
                "--allow-run-as-root",
                "-np",
                "2",
                "--bind-to",
                "none",
                "java",
                "-cp",
                Nodes.MPI_JAR + ":" + FIXTURES,
                ImplicitNullChecks.class.getName());
        assertThat(node.exec(1, "sh", "-c", "echo ${UCX_ERROR_SIGNALS-unset}")
                        .getStdout()
                        .strip())
                .as("the image leaves UCX at its defaults")
                .isEqualTo("unset");

        // The same job without qmpi4j: UCX's handler sees the JVM's deliberate SIGSEGV first.
        Container.ExecResult plain = node.sh(1, "timeout 120 " + job);
        assertThat(plain.getStdout() + plain.getStderr())
                .as(NodeJobs.describe(plain))
                .contains("Caught signal 11");

        Container.ExecResult run =
                node.sh(1, "timeout 180 " + QMPI4J + " run --tools profiler,tracer --output /results/nulls -- " + job);
        assertThat(run.getExitCode()).as(NodeJobs.describe(run)).isZero();
        assertThat(run.getStdout())
                .as(NodeJobs.describe(run))
                .contains("QMPI4J-NULLCHECKS rank=0 npes=10000", "QMPI4J-NULLCHECKS rank=1 npes=10000");
        assertThat(run.getStdout() + run.getStderr()).doesNotContain("Caught signal");
    }

    @Test
    void bundledToolsReportAndMergeOnJdk21(@TempDir Path tmp) throws Exception {
        int ranks = 4;
        String out = "/results/ring";
        String job = words(
                "mpirun",
                "--allow-run-as-root",
                "--host",
                "node1:" + ranks,
                "-np",
                Integer.toString(ranks),
                "--bind-to",
                "none",
                "java",
                "-XX:StartFlightRecording=filename=/results/jfr/",
                "-cp",
                Nodes.MPI_JAR + ":" + Nodes.APP + "/qmpi4j-samples-openmpi.jar:" + Nodes.APP
                        + "/qmpi4j-samples-common.jar",
                "org.qmpi4j.samples.openmpi.Ring");
        Container.ExecResult run = node.sh(
                1,
                "mkdir -p /results/jfr && timeout 180 " + QMPI4J + " run --tools profiler,tracer,jfr --output " + out
                        + " -- " + job);
        assertThat(run.getExitCode()).as(NodeJobs.describe(run)).isZero();
        assertThat(run.getStdout()).contains("== Time per rank");
        SampleOutput own = SampleOutput.parse(run.getStdout());
        assertThat(own.okRanks())
                .as(NodeJobs.describe(run))
                .containsExactlyElementsOf(IntStream.range(0, ranks).boxed()::iterator);

        node.copyOff(1, out, tmp);
        JobResults.Profile p = JobResults.in(tmp).profile();
        NodeJobs.assertMatchesOwnCounts(p, JobResults.in(tmp).trace(), own, ranks);

        // jfr: one qmpi4j.MpiCall per call, over the ranks' recordings.
        Container.ExecResult jfr = node.sh(
                1,
                "j=$(dirname \"$(readlink -f \"$(command -v java)\")\")/jfr;"
                        + " for f in /results/jfr/*.jfr; do \"$j\" print --events qmpi4j.MpiCall \"$f\"; done"
                        + " | grep -c '^qmpi4j.MpiCall'");
        long calls =
                own.totalCalls().values().stream().mapToLong(Long::longValue).sum();
        assertThat(jfr.getStdout().strip()).as(NodeJobs.describe(jfr)).isEqualTo(Long.toString(calls));

        // The command's other halves on JDK 21: rebuild the results from the ranks' files, print them.
        Container.ExecResult merge =
                node.sh(1, "rm " + out + "/profile.json " + out + "/trace.json && " + QMPI4J + " merge " + out);
        assertThat(merge.getExitCode()).as(NodeJobs.describe(merge)).isZero();
        Path merged = tmp.resolve("merged");
        node.copyOff(1, out, merged);
        assertThat(JobResults.in(merged).profile().callsPerRank).isEqualTo(p.callsPerRank);
        Container.ExecResult report = node.sh(1, QMPI4J + " report " + out);
        assertThat(report.getExitCode()).as(NodeJobs.describe(report)).isZero();
        assertThat(report.getStdout()).contains("== Time per rank", "MPI_SEND");
    }

    @ParameterizedTest(name = "MPJ Express {0} through mpjrun.sh on JDK 21")
    @ValueSource(strings = {"multicore", "niodev"})
    void mpjExpressOnJdk21(String device, @TempDir Path tmp) throws Exception {
        int ranks = 4;
        String out = "/results/mpj-" + device;
        // MPJ's multicore mode turns "mpj.jar" into "mpi.jar" in a class path: the samples jar gets another name.
        node.copyInto(1, MpiRuntimes.mpjHome(), MPJ_HOME);
        node.copyInto(1, ItJars.jar("qmpi4j-samples-mpj"), Nodes.APP + "/mpj-samples.jar");
        String env = "export MPJ_HOME=" + MPJ_HOME + "; cd /tmp && echo localhost >machines; ";
        if (device.equals("niodev")) {
            // MPJ's daemon, as mpjboot starts it on each node, without the agent; ready when its port listens.
            env += "nohup java -jar " + MPJ_HOME + "/lib/daemon.jar 40055 </dev/null >/tmp/mpj-daemon.log 2>&1 &"
                    + " echo $! >/tmp/mpj-daemon.pid;"
                    + " for i in $(seq 100); do grep -qi ':9C77 .* 0A ' /proc/net/tcp /proc/net/tcp6 && break;"
                    + " sleep 0.2; done; ";
        }
        String job = words(
                MPJ_HOME + "/bin/mpjrun.sh",
                "-np",
                Integer.toString(ranks),
                "-dev",
                device,
                "-machinesfile",
                "/tmp/machines",
                "-cp",
                Nodes.APP + "/mpj-samples.jar:" + Nodes.APP + "/qmpi4j-samples-common.jar",
                "org.qmpi4j.samples.mpj.Ring");
        Container.ExecResult run = node.sh(1, env + "timeout 180 " + QMPI4J + " run --output " + out + " -- " + job);
        if (device.equals("niodev")) {
            node.sh(1, "kill $(cat /tmp/mpj-daemon.pid)");
        }
        assertThat(run.getExitCode()).as(NodeJobs.describe(run)).isZero();
        SampleOutput own = SampleOutput.parse(run.getStdout());
        assertThat(own.okRanks())
                .as(NodeJobs.describe(run))
                .containsExactlyElementsOf(IntStream.range(0, ranks).boxed()::iterator);
        node.copyOff(1, out, tmp);
        JobResults.Profile p = JobResults.in(tmp).profile();
        assertThat(p.root.get("binding").asString()).isEqualTo("mpj");
        NodeJobs.assertMatchesOwnCounts(p, JobResults.in(tmp).trace(), own, ranks);
    }

    private static String words(String... words) {
        List<String> all = new ArrayList<>(List.of(words));
        return all.stream().map(Nodes::quote).collect(Collectors.joining(" "));
    }
}
