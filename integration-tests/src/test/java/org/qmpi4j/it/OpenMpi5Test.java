package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.NodeJobs;
import org.qmpi4j.it.support.Nodes;
import org.qmpi4j.it.support.SampleOutput;
import org.testcontainers.containers.Container;

/**
 * Open MPI 5.0.7 (Debian 13, in a container): every sample under the agent with {@code
 * profiler,tracer} verifies its result, and the profile and trace hold exactly what the sample
 * counted, as on 4.1 ({@code ProfilerTest}); the agent recognised the binding as {@code openmpi}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OpenMpi5Test {
    private static final int RANKS = 4;

    private Nodes node;

    @BeforeAll
    void startNode() throws Exception {
        node = Nodes.start(Nodes.TRIXIE, 1);
        Container.ExecResult version = node.exec(1, "mpirun", "--version");
        assertThat(version.getStdout()).contains("Open MPI) 5.0.");
    }

    @AfterAll
    void removeNode() {
        if (node != null) {
            node.close();
        }
    }

    @ParameterizedTest(name = "{0} on Open MPI 5.0")
    @ValueSource(strings = {"Ring", "PingPong", "Stencil", "Collectives"})
    void sampleUnderProfilerAndTracer(String sample, @TempDir Path tmp) throws Exception {
        String out = "/results/" + sample;
        Container.ExecResult job = node.sh(
                1,
                NodeJobs.mpirun(
                        List.of("node1"),
                        RANKS,
                        "tools=profiler,tracer;output=" + out,
                        180,
                        "org.qmpi4j.samples.openmpi." + sample,
                        NodeJobs.SAMPLES.get(sample),
                        "sm"));
        assertThat(job.getExitCode()).as(NodeJobs.describe(job)).isZero();
        SampleOutput own = SampleOutput.parse(job.getStdout());
        assertThat(own.okRanks())
                .as("ranks whose own check passed\n" + NodeJobs.describe(job))
                .containsExactlyElementsOf(IntStream.range(0, RANKS).boxed()::iterator);
        assertThat(job.getStderr()).contains("qmpi4j: results in " + out + " (");

        node.copyOff(1, out, tmp);
        JobResults.Profile p = JobResults.in(tmp).profile();
        assertThat(p.root.get("binding").asString()).isEqualTo("openmpi");
        NodeJobs.assertMatchesOwnCounts(p, JobResults.in(tmp).trace(), own, RANKS);
    }

    /**
     * {@code check} on Open MPI 5.0: a ring of receives that can never complete is reported with
     * its cycle and ended by {@code MPI_Abort} (exit status 3); a correct sample gives no finding.
     */
    @Test
    void checkEndsADeadlockAndFindsNothingInASample(@TempDir Path tmp) throws Exception {
        String out = "/results/check-deadlock";
        Container.ExecResult job = node.sh(
                1,
                NodeJobs.mpirun(
                        List.of("node1"),
                        RANKS,
                        "tools=check;check.deadlock-seconds=3;output=" + out,
                        150,
                        "org.qmpi4j.samples.openmpi.defects.RecvRecvDeadlock",
                        List.of(),
                        "sm"));
        assertThat(job.getExitCode()).as(NodeJobs.describe(job)).isEqualTo(3);
        assertThat(job.getStderr())
                .as(NodeJobs.describe(job))
                .contains("qmpi4j check: error deadlock: every rank is blocked in MPI")
                .contains("Wait-for cycle: 0 -> 3 -> 2 -> 1 -> 0");

        String clean = "/results/check-stencil";
        Container.ExecResult stencil = node.sh(
                1,
                NodeJobs.mpirun(
                        List.of("node1"),
                        RANKS,
                        "tools=check,profiler;output=" + clean,
                        180,
                        "org.qmpi4j.samples.openmpi.Stencil",
                        NodeJobs.SAMPLES.get("Stencil"),
                        "sm"));
        assertThat(stencil.getExitCode()).as(NodeJobs.describe(stencil)).isZero();
        assertThat(stencil.getStderr()).contains("qmpi4j check: no findings in " + RANKS + " rank(s)");
        // Collectives on a sub-communicator and an intercommunicator (MPI_ROOT, MPI_PROC_NULL):
        // the checker compares them through communicators of its own, made and freed beside them.
        Container.ExecResult waits = node.sh(
                1,
                NodeJobs.mpirun(
                        List.of("node1"),
                        RANKS,
                        "tools=check;output=/results/check-waits",
                        150,
                        "org.qmpi4j.samples.openmpi.waits.Waits",
                        List.of("0"),
                        "sm"));
        assertThat(waits.getExitCode()).as(NodeJobs.describe(waits)).isZero();
        assertThat(waits.getStderr())
                .as(NodeJobs.describe(waits))
                .contains("qmpi4j check: no findings in " + RANKS + " rank(s)")
                .doesNotContain("the application continues; further failures are not shown");
        // Intercommunicator collectives with different roots on the two sides: one finding.
        Container.ExecResult inter = node.sh(
                1,
                NodeJobs.mpirun(
                        List.of("node1"),
                        RANKS,
                        "tools=check;output=/results/check-inter-root",
                        150,
                        "org.qmpi4j.samples.openmpi.defects.InterRootMismatch",
                        List.of(),
                        "sm"));
        assertThat(inter.getExitCode()).as(NodeJobs.describe(inter)).isZero();
        assertThat(inter.getStderr().lines().filter(l -> l.contains("qmpi4j check: error ")))
                .as(NodeJobs.describe(inter))
                .hasSize(1)
                .allSatisfy(l -> assertThat(l).contains("error collective_mismatch: "));
        // With the profiler too, report.html has the check's section.
        node.copyOff(1, clean, tmp);
        assertThat(java.nio.file.Files.readString(tmp.resolve("report.html")))
                .contains("<section id=\"check\"><h2>Correctness (check)</h2>")
                .contains("no findings");
    }
}
