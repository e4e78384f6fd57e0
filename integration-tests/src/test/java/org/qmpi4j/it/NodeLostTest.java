package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.NodeJobs;
import org.qmpi4j.it.support.Nodes;
import org.testcontainers.containers.Container;

/**
 * A node lost in the middle of a job, really: three containers (Open MPI 4.1.4, 2 ranks each,
 * results on each node's own disk), the token ring {@code ThrowMidway} running for minutes under
 * {@code profiler,tracer}, and node 3's container stopped at once (every process in it killed, its
 * disk out of reach). {@code mpirun} ends the job; the other nodes' ranks write their files at
 * exit, and {@code qmpi4j merge} of what is left says which ranks are missing and why. The cluster
 * is this class's own: the node stays lost.
 */
class NodeLostTest {
    private static final int NODES = 3;
    private static final int PER_NODE = 2;

    @Test
    void aStoppedNodeContainerLeavesTheOthersFilesAndMergeSaysWhichRanksAreMissing(@TempDir Path tmp) throws Exception {
        try (Nodes cluster = Nodes.start(Nodes.BOOKWORM, NODES)) {
            String out = "/results/lost";
            String job = NodeJobs.mpirun(
                    cluster.names(),
                    PER_NODE,
                    "tools=profiler,tracer;output=" + out,
                    120,
                    "org.qmpi4j.samples.openmpi.features.ThrowMidway",
                    List.of("100000000", "100000001"));
            cluster.sh(
                    1,
                    "(" + job + " >/tmp/lost.out 2>/tmp/lost.err; echo $? >/tmp/lost.rc) </dev/null >/dev/null 2>&1 &");
            for (int node = 1; node <= NODES; node++) {
                Container.ExecResult started = cluster.sh(
                        node,
                        "timeout 90 sh -c 'until [ $(ls " + out
                                + "/ranks/ 2>/dev/null | grep -c \\.profile\\.json$) -ge " + PER_NODE
                                + " ]; do sleep 0.2; done'");
                assertThat(started.getExitCode())
                        .as(
                                "ranks of node%d started: %s",
                                node, cluster.sh(1, "cat /tmp/lost.err").getStdout())
                        .isZero();
            }

            cluster.stopNow(3);

            assertThat(cluster.sh(1, "timeout 90 sh -c 'until [ -s /tmp/lost.rc ]; do sleep 0.2; done'")
                            .getExitCode())
                    .as("mpirun ended after node 3 was lost")
                    .isZero();
            String rc = cluster.sh(1, "cat /tmp/lost.rc").getStdout().strip();
            String err = cluster.sh(1, "cat /tmp/lost.err").getStdout();
            assertThat(rc).as("mpirun's exit code\n%s", err).isNotEqualTo("0").isNotEqualTo("124");
            assertThat(err.lines().filter(l -> l.contains("qmpi4j: the job ended before MPI_Finalize")))
                    .as(err)
                    .hasSize(1);

            Path left = tmp.resolve("left");
            cluster.copyOff(1, out + "/ranks", left.resolve("ranks"));
            cluster.copyOff(2, out + "/ranks", left.resolve("ranks"));
            for (int r = 0; r < 4; r++) {
                assertThat(JobResults.in(left).rankState(r))
                        .as("state of rank %d", r)
                        .isEqualTo("exited");
            }
            BundledTools.Command merge = BundledTools.qmpi4j("merge", left.toString());
            assertThat(merge.exitCode).as("%s", merge).isZero();
            assertThat(merge.stderr)
                    .as("%s", merge)
                    .contains("profile of 4 of 6 ranks (no data from rank(s) [4, 5])")
                    .contains("ranks [0-3]: stopped before MPI_Finalize")
                    .contains("ranks [4, 5]: no files");
        }
    }
}
