package org.qmpi4j.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.qmpi4j.it.results.JobResults;
import org.testcontainers.containers.Container;

/**
 * Jobs of the Open MPI samples on {@link Nodes}: the {@code mpirun} command line node 1 runs
 * (TCP between nodes, ranks placed in order: the first {@code perNode} on node 1, and so on), and
 * the checks that a job's profile and trace match what the sample counted itself, as
 * {@code ProfilerTest} makes them on one machine.
 */
public final class NodeJobs {
    /** The samples that compute something, each with the arguments its multi-node run takes. */
    public static final Map<String, List<String>> SAMPLES = Map.of(
            "Ring", List.of(),
            "PingPong", List.of("--iterations", "20", "--sizes", "0,1,1024,70000"),
            "Stencil", List.of("32", "20"),
            "Collectives", List.of());

    private NodeJobs() {}

    /**
     * The shell command line that runs {@code mainClass} on {@code perNode} ranks of each node,
     * under the agent with {@code agentArgs}, stopped after {@code limitSeconds}.
     */
    public static String mpirun(
            List<String> nodes, int perNode, String agentArgs, int limitSeconds, String mainClass, List<String> args) {
        return mpirun(nodes, perNode, agentArgs, limitSeconds, mainClass, args, "vader");
    }

    /**
     * As above, with the shared-memory transport of the Open MPI version named: {@code vader}
     * (4.1) or {@code sm} (5.0); between nodes the ranks talk TCP.
     */
    public static String mpirun(
            List<String> nodes,
            int perNode,
            String agentArgs,
            int limitSeconds,
            String mainClass,
            List<String> args,
            String sharedMemoryBtl) {
        String hosts = nodes.stream().map(n -> n + ":" + perNode).collect(Collectors.joining(","));
        return mpirun(hosts, nodes.size() * perNode, agentArgs, limitSeconds, mainClass, args, sharedMemoryBtl);
    }

    /**
     * As above, with the ranks placed as {@code hosts} says ({@code node1:2,node2:1,node3:1}: by
     * slot, in order), {@code ranks} in all.
     */
    public static String mpirun(
            String hosts,
            int ranks,
            String agentArgs,
            int limitSeconds,
            String mainClass,
            List<String> args,
            String sharedMemoryBtl) {
        List<String> cmd = new ArrayList<>(List.of(
                "timeout",
                Integer.toString(limitSeconds),
                "mpirun",
                "--allow-run-as-root",
                "--host",
                hosts,
                "-np",
                Integer.toString(ranks),
                // TCP between the containers; shared memory only within one.
                // Containers share the machine's cores: Open MPI would refuse to bind more ranks than
                // cores (5.0 binds by default).
                "--bind-to",
                "none",
                "--mca",
                "btl",
                "tcp,self," + sharedMemoryBtl,
                // Open MPI 5 loads UCX, whose handlers catch the JVM's own deliberate SIGSEGVs
                // (null checks, safepoints) and re-raise them fatally: leave the signals to the JVM.
                "-x",
                "UCX_ERROR_SIGNALS=",
                "java",
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-javaagent:" + Nodes.APP + "/qmpi4j-agent.jar=" + agentArgs,
                "-cp",
                Nodes.MPI_JAR + ":" + Nodes.APP + "/qmpi4j-samples-openmpi.jar:" + Nodes.APP
                        + "/qmpi4j-samples-common.jar",
                mainClass));
        cmd.addAll(args);
        return cmd.stream().map(Nodes::quote).collect(Collectors.joining(" "));
    }

    /** A job's output for assertion messages. */
    public static String describe(Container.ExecResult r) {
        return "exit " + r.getExitCode() + "\n--- stdout\n" + r.getStdout() + "\n--- stderr\n" + r.getStderr();
    }

    /**
     * The profile and the trace of a complete job hold exactly what the sample counted: calls per
     * rank and function, bytes of sends, the matrix row by row, one trace track per rank with every
     * counted call, one arrow per message.
     */
    public static void assertMatchesOwnCounts(JobResults.Profile p, JobResults.Trace t, SampleOutput own, int ranks)
            throws Exception {
        assertThat(p.ranks).isEqualTo(ranks);
        assertThat(p.root.get("complete").asBoolean()).isTrue();
        assertThat(p.calls).as("calls over all ranks").isEqualTo(own.totalCalls());
        for (int r = 0; r < ranks; r++) {
            SampleOutput.RankReport mine = own.rankReport(r);
            assertThat(p.callsPerRank.get(r))
                    .as("calls per function on rank %d", r)
                    .isEqualTo(mine.calls);
            for (int peer = 0; peer < ranks; peer++) {
                long[] expected = mine.sentTo.getOrDefault(peer, new long[2]);
                assertThat(p.matrixMessages[r][peer])
                        .as("messages %d -> %d", r, peer)
                        .isEqualTo(expected[0]);
                assertThat(p.matrixBytes[r][peer]).as("bytes %d -> %d", r, peer).isEqualTo(expected[1]);
            }
        }
        assertThat(t.processes).as("one trace track per rank").isEqualTo(trackNames(hosts(p)));
        assertThat(t.events).as("trace events per rank and function").isEqualTo(p.callsPerRank);
        assertThat(t.truncatedRanks).isEmpty();
        List<String> starts = new ArrayList<>(t.flowStarts);
        List<String> ends = new ArrayList<>(t.flowEnds);
        starts.sort(null);
        ends.sort(null);
        assertThat(starts).as("every arrow has both ends").isEqualTo(ends);
        assertThat((long) starts.size())
                .as("one arrow per message")
                .isEqualTo(own.ranks().values().stream()
                        .flatMap(rr -> rr.sentTo.values().stream())
                        .mapToLong(v -> v[0])
                        .sum());
    }

    /**
     * The name of each rank's trace track: {@code rank 3 (node2)} when the ranks ran on several
     * hosts, else {@code rank 3}.
     */
    public static Map<Integer, String> trackNames(Map<Integer, String> hosts) {
        boolean several = new java.util.HashSet<>(hosts.values()).size() > 1;
        Map<Integer, String> tracks = new TreeMap<>();
        hosts.forEach((r, h) -> tracks.put(r, several ? "rank " + r + " (" + h + ")" : "rank " + r));
        return tracks;
    }

    /**
     * A shell script that prints the TCP ports on which the JVM of rank 0 of {@code mainClass}
     * listens on a given address (not the wildcard one): the deadlock watch's, which rank 0 binds to
     * its node's address (or to the loopback address on one node); Open MPI's own listeners take
     * the wildcard address. Exits 2 while rank 0 does not run yet.
     */
    public static String watchPortScript(String mainClass) {
        return "pid=; for p in $(pgrep -f " + mainClass + "); do"
                + " if tr '\\0' '\\n' </proc/$p/environ 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=0; then pid=$p; fi;"
                + " done; [ -n \"$pid\" ] || exit 2;"
                + " inodes=\" $(ls -l /proc/$pid/fd 2>/dev/null | sed -n 's/.*socket:\\[\\([0-9]*\\)\\].*/\\1/p' | tr '\\n' ' ') \";"
                + " for f in /proc/net/tcp /proc/net/tcp6; do"
                + " awk -v ino=\"$inodes\" '$4 == \"0A\" && index(ino, \" \" $10 \" \") { split($2, a, \":\");"
                + " if (a[1] !~ /^0+$/) print a[2] }' $f; done | while read h; do printf '%d\\n' 0x$h; done";
    }

    /** The host each rank ran on, from profile.json's {@code time.per_rank}. */
    public static Map<Integer, String> hosts(JobResults.Profile p) throws Exception {
        Map<Integer, String> hosts = new TreeMap<>();
        for (var r : p.root.get("time").get("per_rank").elements()) {
            hosts.put(r.get("rank").asInt(), r.get("host").asString());
        }
        return hosts;
    }
}
