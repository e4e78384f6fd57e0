package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.cli.otf2.Otf2Reading;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.NodeJobs;
import org.qmpi4j.it.support.Nodes;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.it.support.TraceArrows;
import org.testcontainers.containers.Container;

/**
 * Three nodes, really: containers with their own file systems on one network (Open MPI 4.1.4,
 * Debian 12), {@code mpirun} on node 1 starting 2 ranks per node over ssh and TCP, the samples
 * under {@code profiler,tracer}. Rank 0's node gets the whole profile with the 3 host names; each
 * node's disk holds exactly its own ranks' files; {@code qmpi4j merge} of the files copied off the
 * nodes gives the same reports; and when one node's ranks are SIGKILLed, the others' files remain
 * and merge names the ranks that are missing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NodesTest {
    private static final int NODES = 3;
    private static final int PER_NODE = 2;
    private static final int RANKS = NODES * PER_NODE;

    /** The node outside the jobs. */
    private static final int OUTSIDER = NODES + 1;

    private Nodes cluster;

    /** The nodes the jobs run on. */
    private List<String> jobNodes() {
        return cluster.names().subList(0, NODES);
    }

    @BeforeAll
    void startNodes() throws Exception {
        // One node more than the jobs use: a machine on the same network outside every job.
        cluster = Nodes.start(Nodes.BOOKWORM, NODES + 1);
    }

    @AfterAll
    void removeNodes() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /**
     * {@code check} on 3 nodes: every rank receives from its predecessor first, so the job can never
     * go on; the checker's watch (TCP between the nodes, rank 0 on node 1 listening) reports the
     * cycle through all 6 ranks and ends the job with {@code MPI_Abort}, long before the time limit.
     */
    @Test
    void aDeadlockAcrossNodesIsReportedAndEndsTheJob() throws Exception {
        String out = "/results/deadlock";
        Container.ExecResult job = cluster.sh(
                1,
                NodeJobs.mpirun(
                        jobNodes(),
                        PER_NODE,
                        "tools=check;check.deadlock-seconds=3;output=" + out,
                        150,
                        "org.qmpi4j.samples.openmpi.defects.RecvRecvDeadlock",
                        List.of()));
        assertThat(job.getExitCode()).as(NodeJobs.describe(job)).isEqualTo(3);
        assertThat(job.getStderr())
                .as(NodeJobs.describe(job))
                .contains("qmpi4j check: error deadlock: every rank is blocked in MPI")
                .contains("Wait-for cycle: 0 -> 5 -> 4 -> 3 -> 2 -> 1 -> 0");
        assertThat(cluster.files(1, out)).contains("check.json", "check.txt");
    }

    @ParameterizedTest(name = "{0} on 3 nodes")
    @ValueSource(strings = {"Ring", "PingPong", "Stencil", "Collectives"})
    void sampleAcrossNodesUnderProfilerAndTracer(String sample, @TempDir Path tmp) throws Exception {
        String out = "/results/" + sample;
        Container.ExecResult job = cluster.sh(
                1,
                NodeJobs.mpirun(
                        jobNodes(),
                        PER_NODE,
                        "tools=profiler,tracer;output=" + out,
                        180,
                        "org.qmpi4j.samples.openmpi." + sample,
                        NodeJobs.SAMPLES.get(sample)));
        assertThat(job.getExitCode()).as(NodeJobs.describe(job)).isZero();
        SampleOutput own = SampleOutput.parse(job.getStdout());
        assertThat(own.okRanks())
                .as("ranks whose own check passed\n" + NodeJobs.describe(job))
                .containsExactlyElementsOf(IntStream.range(0, RANKS).boxed()::iterator);
        assertThat(job.getStderr()).contains("qmpi4j: results in " + out + " (");

        // Each node's disk: its own ranks' files; the merged results only on rank 0's node.
        for (int node = 1; node <= NODES; node++) {
            List<String> expected = new ArrayList<>();
            for (int r = (node - 1) * PER_NODE; r < node * PER_NODE; r++) {
                expected.add("ranks/rank-" + r + ".profile.json");
                expected.add("ranks/rank-" + r + ".trace");
            }
            List<String> files = cluster.files(node, out);
            assertThat(files.stream().filter(f -> f.startsWith("ranks/")))
                    .as("per-rank files on node%d", node)
                    .containsExactlyInAnyOrderElementsOf(expected);
            if (node == 1) {
                assertThat(files).contains("profile.json", "trace.json", "report.txt", "matrix.html");
            } else {
                assertThat(files).as("node%d", node).doesNotContain("profile.json", "trace.json");
            }
        }

        Path node1 = tmp.resolve("node1");
        cluster.copyOff(1, out, node1);
        JobResults.Profile p = JobResults.in(node1).profile();
        JobResults.Trace t = JobResults.in(node1).trace();
        NodeJobs.assertMatchesOwnCounts(p, t, own, RANKS);
        // Separate processes on separate nodes: the tracer aligned their clocks to rank 0's, states
        // each rank's error bound, and after the causality correction no arrow points backwards,
        // the stencil's too (its arrows end at the waitAll that completed each iRecv).
        String traceText = Files.readString(node1.resolve("trace.json"));
        TraceArrows arrows;
        try {
            arrows = TraceArrows.strict(org.qmpi4j.formats.json.JsonNode.parse(traceText), RANKS, 50_000_000L);
        } catch (AssertionError e) {
            // Rare (PingPong, about one run in five on a busy 2-core host, cause not known yet): keep
            // the clock alignment and correction the trace states, to read the cause off next time.
            int at = traceText.indexOf("\"otherData\"");
            String meta = at < 0 ? "no otherData" : traceText.substring(at, Math.min(traceText.length(), at + 6000));
            throw new AssertionError(e.getMessage() + "\n" + meta, e);
        }
        if (!sample.equals("Collectives")) {
            assertThat(arrows.arrows).as("arrows in the trace").isPositive();
        }
        if (sample.equals("Stencil")) {
            // The waitAll that completed the iRecvs names their messages (W lines) in rank 0's shard.
            assertThat(JobResults.in(node1).shardCompletions(0))
                    .as("completions in rank 0's shard")
                    .anyMatch(c -> c.startsWith("MPI_WAITALL "));
        }
        Map<Integer, String> hosts = new TreeMap<>();
        for (int r = 0; r < RANKS; r++) {
            hosts.put(r, "node" + (r / PER_NODE + 1));
        }
        assertThat(NodeJobs.hosts(p)).as("host of each rank in profile.json").isEqualTo(hosts);

        // merge of the per-rank files copied off the three nodes rebuilds the same reports.
        Path merged = tmp.resolve("merged");
        for (int node = 1; node <= NODES; node++) {
            cluster.copyOff(node, out + "/ranks", merged.resolve("ranks"));
        }
        System.out.println(clockAlignment(sample, merged));
        BundledTools.Command merge = BundledTools.qmpi4j("merge", merged.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        // Rank 0 has only node1's shards at MPI_Finalize, so only merge adds the wait states.
        String mergedProfile = Files.readString(merged.resolve("profile.json"));
        assertThat(mergedProfile).contains("\"wait_states\"");
        assertThat(withoutCreated(withoutWaits(mergedProfile)))
                .isEqualTo(withoutCreated(Files.readString(node1.resolve("profile.json"))));
        // Likewise only merge adds the Iteration counters (found from every rank's shard).
        String mergedTrace = Files.readString(merged.resolve("trace.json"));
        String node1Trace = Files.readString(node1.resolve("trace.json"));
        assertThat(node1Trace).as("rank 0's trace.json").doesNotContain(ITERATION_COUNTER);
        assertThat(withoutIterationCounters(mergedTrace)).isEqualTo(node1Trace);
    }

    /**
     * The waits sample's 4 ranks over the 3 nodes (ranks 0 and 1 on node1, 2 on node2, 3 on node3):
     * {@code qmpi4j merge} of the files copied off the nodes finds every wait the program made at
     * its rank, call site and late partner, the amount within {@link WaitStatesTest#TOLERANCE_MS}
     * plus the entry's clock error bound. The containers share the host's kernel, but each rank's
     * times reach the common clock through an offset measured over TCP between the nodes, and the
     * wait is the difference of two ranks' times: each may be off by its measured error bound, so
     * the bounds of both (the entry's {@code error_bound_s}) are added to the tolerance; and no
     * amount may be uncertain (shorter than that bound).
     */
    @Test
    void waitStatesAcrossNodesAreFoundWhereTheProgramMadeThem(@TempDir Path tmp) throws Exception {
        String out = "/results/waits";
        Container.ExecResult job = cluster.sh(
                1,
                NodeJobs.mpirun(
                        jobNodes().get(0) + ":2," + jobNodes().get(1) + ":1,"
                                + jobNodes().get(2) + ":1",
                        4,
                        "tools=profiler,tracer;output=" + out,
                        180,
                        "org.qmpi4j.samples.openmpi.waits.Waits",
                        List.of(),
                        "vader"));
        assertThat(job.getExitCode()).as(NodeJobs.describe(job)).isZero();
        assertThat(SampleOutput.parse(job.getStdout()).okRanks())
                .as(NodeJobs.describe(job))
                .containsExactly(0, 1, 2, 3);
        Path merged = tmp.resolve("merged");
        for (int node = 1; node <= NODES; node++) {
            cluster.copyOff(node, out + "/ranks", merged.resolve("ranks"));
        }
        BundledTools.Command merge = BundledTools.qmpi4j("merge", "--trace-json-limit", "1", merged.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        JobResults.Profile p = JobResults.in(merged).profile();
        assertThat(NodeJobs.hosts(p).values())
                .as("hosts of the ranks")
                .containsExactly("node1", "node1", "node2", "node3");
        WaitStatesTest.assertMadeWaits(
                p.root,
                merged.resolve("trace.pftrace"),
                WaitStatesTest.markers("samples/openmpi/src/main/java/org/qmpi4j/samples/openmpi/waits/Waits.java"),
                WaitStatesTest.openMpiMade(),
                true);
    }

    /**
     * What the JVM did, across nodes: rank 0 on the first node collects garbage over a 64 MB live
     * set before every other barrier ({@code waits.GcPauses}), rank 1 on the second sleeps as long
     * before the others, rank 2 on the third waits. From the files of the three nodes, merged, the
     * waits rank 0's barrier-to-barrier intervals caused are garbage collection (over 0.8 of them),
     * at most twice its JVM's pause time (two ranks waited through each), and the sleeping rank's
     * are the application's: the attribution reads each rank's own JVM records, so clocks aligned
     * between machines do not move it.
     */
    @Test
    void jvmCausesAcrossNodesAreTheCollectingRanks(@TempDir Path tmp) throws Exception {
        String out = "/results/jvm";
        Container.ExecResult job = cluster.sh(
                1,
                NodeJobs.mpirun(
                        jobNodes().get(0) + ":1," + jobNodes().get(1) + ":1,"
                                + jobNodes().get(2) + ":1",
                        3,
                        "tools=profiler,tracer;output=" + out,
                        180,
                        "org.qmpi4j.samples.openmpi.waits.GcPauses",
                        List.of("5", "64", "100"),
                        "vader"));
        assertThat(job.getExitCode()).as(NodeJobs.describe(job)).isZero();
        Path merged = tmp.resolve("merged");
        for (int node = 1; node <= NODES; node++) {
            cluster.copyOff(node, out + "/ranks", merged.resolve("ranks"));
        }
        BundledTools.Command merge = BundledTools.qmpi4j("merge", merged.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        JobResults.Profile p = JobResults.in(merged).profile();
        assertThat(NodeJobs.hosts(p).values()).as("hosts of the ranks").containsExactly("node1", "node2", "node3");
        double[] collector = JvmCausesTest.causes(p.root, 0, true);
        double[] sleeper = JvmCausesTest.causes(p.root, 1, false);
        double pause = p.root.get("time")
                .get("per_rank")
                .elements()
                .get(0)
                .get("jvm")
                .get("gc_pause_s")
                .asDouble();
        String seen = "rank 0 " + java.util.Arrays.toString(collector) + ", rank 1 "
                + java.util.Arrays.toString(sleeper) + " (seconds, gc, safepoint, class_loading, descheduled,"
                + " application); rank 0's JVM paused " + pause + " s for collections";
        assertThat(collector[0]).as(seen).isGreaterThan(0.005 * 5);
        // Of what rank 0's JVM and code took, collections (the containers share the machine's cores:
        // their descheduling is apart).
        assertThat(collector[1] / (collector[0] - collector[4])).as(seen).isGreaterThan(0.8);
        assertThat(collector[1] / collector[0]).as(seen).isGreaterThan(0.6);
        assertThat(collector[1]).as(seen).isLessThanOrEqualTo(1.05 * 2 * pause + 0.002);
        assertThat(sleeper[0]).as(seen).isGreaterThan(0.5 * 2 * 5 * 0.1);
        assertThat((sleeper[1] + sleeper[2]) / sleeper[0]).as(seen).isLessThan(0.03);
        // The sleeper's waits are its own code's, apart from what the shared cores took from it.
        assertThat(sleeper[5] / (sleeper[0] - sleeper[4])).as(seen).isGreaterThanOrEqualTo(0.9);
    }

    @Test
    void killedNodeLeavesTheOthersFilesAndMergeNamesTheMissingRanks(@TempDir Path tmp) throws Exception {
        String out = "/results/killed";
        // A token ring that would run for minutes (rank 1 never fails: failAt is past the laps).
        String job = NodeJobs.mpirun(
                jobNodes(),
                PER_NODE,
                "tools=profiler,tracer;output=" + out,
                120,
                "org.qmpi4j.samples.openmpi.features.ThrowMidway",
                List.of("100000000", "100000001"));
        cluster.sh(
                1,
                "(" + job
                        + " >/tmp/killed.out 2>/tmp/killed.err; echo $? >/tmp/killed.rc) </dev/null >/dev/null 2>&1 &");

        // Every rank has passed MPI_Init once its file is on its node's disk. The nodes wait
        // themselves (one exec each: every exec leaves a podman monitor process for minutes).
        for (int node = 1; node <= NODES; node++) {
            Container.ExecResult started = cluster.sh(
                    node,
                    "timeout 90 sh -c 'until [ $(ls " + out + "/ranks/ 2>/dev/null | grep -c \\.profile\\.json$) -ge "
                            + PER_NODE + " ]; do [ -s /tmp/killed.rc ] && exit 3; sleep 0.2; done'");
            if (started.getExitCode() != 0) {
                throw new AssertionError("ranks of node" + node + " did not start (exit " + started.getExitCode()
                        + "):\n"
                        + cluster.sh(1, "cat /tmp/killed.rc /tmp/killed.out /tmp/killed.err")
                                .getStdout());
            }
        }
        Container.ExecResult kill = cluster.exec(3, "pkill", "-KILL", "-f", "ThrowMidway");
        assertThat(kill.getExitCode())
                .as("pkill on node3: %s", kill.getStderr())
                .isZero();
        assertThat(cluster.sh(1, "timeout 90 sh -c 'until [ -s /tmp/killed.rc ]; do sleep 0.2; done'")
                        .getExitCode())
                .as("mpirun ended after the kill")
                .isZero();
        String rc = cluster.sh(1, "cat /tmp/killed.rc").getStdout().strip();
        assertThat(rc).as("mpirun's exit code").isNotEqualTo("0").isNotEqualTo("124");

        // The ranks on node1 and node2 were stopped by mpirun (SIGTERM): their shutdown hooks wrote.
        Path survivors = tmp.resolve("survivors");
        cluster.copyOff(1, out + "/ranks", survivors.resolve("ranks"));
        cluster.copyOff(2, out + "/ranks", survivors.resolve("ranks"));
        for (int r = 0; r < 4; r++) {
            assertThat(JobResults.in(survivors).rankState(r))
                    .as("state of rank %d", r)
                    .isEqualTo("exited");
        }
        assertThat(survivors.resolve("ranks/rank-4.profile.json")).doesNotExist();

        BundledTools.Command merge = BundledTools.qmpi4j("merge", survivors.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        assertThat(merge.stderr)
                .contains("profile of 4 of 6 ranks (no data from rank(s) [4, 5])")
                .contains("trace of 4 of 6 ranks")
                .contains("no trace from rank(s) [4, 5]");
        JobResults.Profile p = JobResults.in(survivors).profile();
        assertThat(p.root.get("complete").asBoolean()).isFalse();
        assertThat(p.root.get("missing_ranks").elements())
                .extracting(n -> n.asInt())
                .containsExactly(4, 5);
    }

    @Test
    void launcherRunsAJobAcrossTheNodesOfAHostfile(@TempDir Path tmp) throws Exception {
        cluster.sh(1, "printf 'node1 slots=2\\nnode2 slots=2\\nnode3 slots=2\\n' >/tmp/hostfile");
        String out = "/results/launched";
        Container.ExecResult job = cluster.exec(
                1,
                "java",
                "-cp",
                Nodes.APP + "/qmpi4j-launcher.jar",
                "org.qmpi4j.launch.LaunchCommand",
                "--runtime",
                "openmpi",
                "--ranks",
                Integer.toString(RANKS),
                "--hostfile",
                "/tmp/hostfile",
                "--cp",
                Nodes.APP + "/qmpi4j-samples-openmpi.jar:" + Nodes.APP + "/qmpi4j-samples-common.jar",
                "--jvm-option",
                "-javaagent:" + Nodes.APP + "/qmpi4j-agent.jar=tools=profiler;output=" + out,
                "--timeout-seconds",
                "180",
                "org.qmpi4j.samples.openmpi.Ring",
                "3");
        assertThat(job.getExitCode()).as(NodeJobs.describe(job)).isZero();
        assertThat(SampleOutput.parse(job.getStdout()).okRanks())
                .as(NodeJobs.describe(job))
                .containsExactlyElementsOf(IntStream.range(0, RANKS).boxed()::iterator);
        cluster.copyOff(1, out, tmp);
        assertThat(NodeJobs.hosts(JobResults.in(tmp).profile()).values())
                .as("hosts of the ranks")
                .containsExactly("node1", "node1", "node2", "node2", "node3", "node3");
    }

    /**
     * Which node each rank ran on, wherever ranks are shown: the stencil on 3 nodes under
     * {@code profiler,tracer}, its trace written as Perfetto's protobuf at {@code MPI_Finalize}
     * (rank 0 received the hosts with the shards' summaries) names each rank's track
     * {@code rank 3 (node2)}; {@code report.txt} and {@code report.html} have a "Time per node"
     * table whose figures are the sums of {@code profile.json}'s per-rank times (and, after
     * {@code qmpi4j merge} of the files copied off the nodes, of its wait states); the merged
     * {@code trace.json} names the tracks alike, and the OTF2 export puts each rank's location group
     * under its node in the system tree, which OTF2's readers read without a warning.
     */
    @Test
    void nodeNamesOnTracksAndTimePerNode(@TempDir Path tmp) throws Exception {
        String out = "/results/node-names";
        Container.ExecResult job = cluster.sh(
                1,
                NodeJobs.mpirun(
                        jobNodes(),
                        PER_NODE,
                        "tools=profiler,tracer;tracer.json-limit=1;output=" + out,
                        180,
                        "org.qmpi4j.samples.openmpi.Stencil",
                        NodeJobs.SAMPLES.get("Stencil")));
        assertThat(job.getExitCode()).as(NodeJobs.describe(job)).isZero();
        Path node1 = tmp.resolve("node1");
        cluster.copyOff(1, out, node1);
        Map<Integer, String> hosts = NodeJobs.hosts(JobResults.in(node1).profile());
        assertThat(hosts.values()).containsExactly("node1", "node1", "node2", "node2", "node3", "node3");
        Map<Integer, String> tracks = NodeJobs.trackNames(hosts);
        assertThat(tracks).containsEntry(3, "rank 3 (node2)");
        assertThat(org.qmpi4j.report.trace.PerfettoTraceReader.read(node1.resolve("trace.pftrace")).processes)
                .as("Perfetto process tracks written at MPI_Finalize")
                .isEqualTo(tracks);
        assertTimePerNode(node1, hosts);

        Path merged = tmp.resolve("merged");
        for (int node = 1; node <= NODES; node++) {
            cluster.copyOff(node, out + "/ranks", merged.resolve("ranks"));
        }
        BundledTools.Command merge = BundledTools.qmpi4j("merge", merged.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        assertThat(JobResults.in(merged).profile().root.has("wait_states"))
                .as("wait states in the merged profile")
                .isTrue();
        assertTimePerNode(merged, hosts);
        assertThat(JobResults.in(merged).trace().processes)
                .as("trace.json's process names")
                .isEqualTo(tracks);
        // The timelines of the worst waits name each rank's node under its label.
        java.util.regex.Matcher timeline = java.util.regex.Pattern.compile(
                        ">rank (\\d+)</text><text[^>]*>rank (\\d+)</text><text class=\"node\"[^>]*>([^<]*)</text>"
                                + "<text class=\"node\"[^>]*>([^<]*)</text>")
                .matcher(Files.readString(merged.resolve("report.html")));
        int timelines = 0;
        while (timeline.find()) {
            timelines++;
            assertThat(timeline.group(3)).isEqualTo(hosts.get(Integer.parseInt(timeline.group(1))));
            assertThat(timeline.group(4)).isEqualTo(hosts.get(Integer.parseInt(timeline.group(2))));
        }
        assertThat(timelines)
                .as("wait timelines with node names in report.html")
                .isPositive();
        Path keep = Path.of("target", "nodes-report");
        Files.createDirectories(keep);
        Files.copy(merged.resolve("report.html"), keep.resolve("report.html"), StandardCopyOption.REPLACE_EXISTING);

        Path otf2 = tmp.resolve("otf2");
        BundledTools.Command export =
                BundledTools.qmpi4j("export", "--format", "otf2", merged.toString(), otf2.toString());
        assertThat(export.exitCode).as("%s", export).isZero();
        Otf2Reading read = Otf2Reading.python(otf2.resolve("traces.otf2"));
        assertThat(read.problems).as("OTF2's Python reader").isEmpty();
        assertThat(read.hostOf)
                .as("the system tree node of each rank's location group")
                .isEqualTo(hosts);
        Path printErr = tmp.resolve("otf2-print.err");
        Process print = new ProcessBuilder(
                        "otf2-print", "-G", otf2.resolve("traces.otf2").toString())
                .redirectError(printErr.toFile())
                .start();
        String printed = new String(print.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(print.waitFor()).as(printed).isZero();
        // Warnings about the system tree, location groups or locations would show here; the order
        // of the region definitions (MPI functions, call sites) is another matter.
        assertThat(Files.readAllLines(printErr).stream().filter(l -> !l.contains("out of order Region definition")))
                .as("otf2-print -G's warnings")
                .isEmpty();
        for (String node : jobNodes()) {
            assertThat(printed).as("otf2-print -G").containsPattern("SYSTEM_TREE_NODE .*Name: \"" + node + "\"");
        }
        hosts.forEach((r, host) -> assertThat(printed)
                .as("otf2-print -G")
                .containsPattern(
                        "LOCATION_GROUP +" + r + " +Name: \"MPI Rank " + r + "\".*Parent: \"node::" + host + "\""));
    }

    /**
     * The "Time per node" table of {@code dir}'s reports against its profile.json: per node its
     * ranks, the sums of their app, MPI and outside-MPI times, and their waiting (the wait states'
     * seconds; "-" when the profile has none).
     */
    private static void assertTimePerNode(Path dir, Map<Integer, String> hosts) throws Exception {
        JsonNode root = JobResults.in(dir).profile().root;
        Map<String, double[]> expected = new TreeMap<>();
        Map<String, List<Integer>> ranksOf = new TreeMap<>();
        for (JsonNode r : root.get("time").get("per_rank").elements()) {
            String host = r.get("host").asString();
            double app = r.get("app_s").asDouble();
            double mpi = r.get("mpi_s").asDouble();
            double[] v = expected.computeIfAbsent(host, h -> new double[4]);
            v[0] += app;
            v[1] += mpi;
            v[2] += Math.max(0, app - mpi);
            ranksOf.computeIfAbsent(host, h -> new ArrayList<>())
                    .add(r.get("rank").asInt());
        }
        boolean waits = root.has("wait_states");
        if (waits) {
            for (JsonNode w : root.get("wait_states").elements()) {
                expected.get(hosts.get(w.get("rank").asInt()))[3] +=
                        w.get("seconds").asDouble();
            }
        }
        List<String> text = Files.readAllLines(dir.resolve("report.txt"));
        int at = text.indexOf(text.stream()
                .filter(l -> l.startsWith("== Time per node "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no Time per node in " + dir.resolve("report.txt"))));
        assertThat(text.get(at + 1).strip()).startsWith("node");
        String html = Files.readString(dir.resolve("report.html"));
        for (int i = 0; i < NODES; i++) {
            String host = "node" + (i + 1);
            String[] cells = text.get(at + 2 + i).strip().split("\\s+");
            double[] v = expected.get(host);
            List<Integer> ranks = ranksOf.get(host);
            String row = String.join(" ", cells);
            assertThat(cells[0]).as(row).isEqualTo(host);
            assertThat(cells[1]).as(row).isEqualTo(ranks.get(0) + "-" + ranks.get(ranks.size() - 1));
            // profile.json's seconds are each rounded; the table sums nanoseconds.
            double slack = 1e-6 * (ranks.size() + 1);
            assertThat(Double.parseDouble(cells[2])).as("app [s] %s", row).isCloseTo(v[0], within(slack));
            assertThat(Double.parseDouble(cells[3])).as("MPI [s] %s", row).isCloseTo(v[1], within(slack));
            assertThat(Double.parseDouble(cells[4]))
                    .as("outside MPI [s] %s", row)
                    .isCloseTo(v[2], within(slack));
            assertThat(Double.parseDouble(cells[5]))
                    .as("outside MPI per rank [s] %s", row)
                    .isCloseTo(v[2] / ranks.size(), within(slack));
            if (waits) {
                assertThat(Double.parseDouble(cells[7]))
                        .as("waited [s] %s", row)
                        .isCloseTo(v[3], within(slack * 10));
            } else {
                assertThat(cells[7]).as(row).isEqualTo("-");
            }
            assertThat(html).contains("<td>" + host + "</td><td>" + cells[1] + "</td><td>" + cells[2] + "</td>");
        }
        assertThat(html).contains("<section id=\"nodes\"><h2>Time per node</h2>");
    }

    /**
     * The deadlock watch's channel admits only the job's ranks: while a 3-node job is deadlocked
     * (and before the watch declares it), a connection to rank 0's watch port from a fourth
     * container on the same network, outside the job, is closed at once, with or without a
     * greeting; one from a node of the job that says nothing stays open (the watch waits for its
     * greeting), so it was the address that was refused; and one from a node of the job with a
     * wrong secret is closed at once. The job is unaffected: the watch still reports the cycle
     * through all 6 ranks and ends the job.
     */
    @Test
    void theWatchRefusesPeersOutsideTheJobAndWithoutItsSecret() throws Exception {
        String main = "org.qmpi4j.samples.openmpi.defects.RecvRecvDeadlock";
        String out = "/results/watch";
        String job = NodeJobs.mpirun(
                jobNodes(), PER_NODE, "tools=check;check.deadlock-seconds=25;output=" + out, 150, main, List.of());
        cluster.sh(
                1,
                "(" + job + " >/tmp/watch.out 2>/tmp/watch.err; echo $? >/tmp/watch.rc) </dev/null >/dev/null 2>&1 &");
        Container.ExecResult port = cluster.sh(
                1,
                "timeout 90 sh -c 'until p=$(" + NodeJobs.watchPortScript(main).replace("'", "'\\''")
                        + ") && [ -n \"$p\" ]; do [ -s /tmp/watch.rc ] && exit 3; sleep 0.2; done; echo $p'");
        assertThat(port.getExitCode())
                .as(
                        "rank 0's watch port: %s\n%s",
                        port.getStderr(),
                        cluster.sh(1, "cat /tmp/watch.rc /tmp/watch.err").getStdout())
                .isZero();
        String[] ports = port.getStdout().strip().split("\\s+");
        assertThat(ports).as("ports rank 0 listens on at an address of its own").hasSize(1);
        String target = "node1/" + ports[0];
        String secret = "0".repeat(64);

        assertThat(probe(OUTSIDER, target, null))
                .as("outsider, silent: closed at once")
                .isZero();
        assertThat(probe(OUTSIDER, target, "qmpi4j-check " + secret + " 1"))
                .as("outsider, greeting")
                .isZero();
        assertThat(probe(2, target, null))
                .as("job node, silent: still open after 3 s")
                .isEqualTo(124);
        assertThat(probe(2, target, "qmpi4j-check " + secret + " 1"))
                .as("job node, wrong secret")
                .isZero();
        assertThat(probe(2, target, "hello"))
                .as("job node, no greeting of the watch")
                .isZero();

        assertThat(cluster.sh(1, "timeout 120 sh -c 'until [ -s /tmp/watch.rc ]; do sleep 0.5; done'")
                        .getExitCode())
                .as("the job ended")
                .isZero();
        String rc = cluster.sh(1, "cat /tmp/watch.rc").getStdout().strip();
        String err = cluster.sh(1, "cat /tmp/watch.err").getStdout();
        assertThat(rc).as(err).isEqualTo("3");
        assertThat(err)
                .contains("qmpi4j check: error deadlock: every rank is blocked in MPI")
                .contains("Wait-for cycle: 0 -> 5 -> 4 -> 3 -> 2 -> 1 -> 0");
    }

    /**
     * Connects from {@code node} to {@code target} ({@code host/port}), sends {@code greeting} (if
     * any) and reads until the other side closes: exit 0 when it closed within 3 s, 124 when it
     * was still open, 7 when the connection could not be made.
     */
    private int probe(int node, String target, String greeting) throws Exception {
        String send = greeting == null ? "" : "printf '%s\\n' '" + greeting + "' >&3; ";
        Container.ExecResult r = cluster.exec(
                node,
                "timeout",
                "3",
                "bash",
                "-c",
                "exec 3<>/dev/tcp/" + target + " || exit 7; " + send + "cat <&3 >/dev/null; exit 0");
        return r.getExitCode();
    }

    /**
     * Each rank's clock measurements and model, one line per job, so that every run's log shows
     * how well the clocks were measured on these nodes (all on one host's clock: true offsets 0).
     */
    static String clockAlignment(String sample, Path results) throws Exception {
        StringBuilder b = new StringBuilder("NodesTest " + sample + " clock alignment:");
        for (int r = 1; r < RANKS; r++) {
            org.qmpi4j.formats.trace.ShardSummary s =
                    org.qmpi4j.formats.trace.ShardSummary.scan(results.resolve("ranks/rank-" + r + ".trace"), r);
            org.qmpi4j.formats.trace.ClockModel c = s.clock();
            double seconds = (c.lastLocal() - c.firstLocal()) / 1e9;
            b.append(String.format(
                    java.util.Locale.ROOT,
                    "%n  rank %d: %d +- %d ns at MPI_Init, %d +- %d ns %.2f s later (%.1f ppm between the"
                            + " two); model %.1f ppm, bound over the calls %d ns",
                    r,
                    c.firstOffset(),
                    c.firstError(),
                    c.lastOffset(),
                    c.lastError(),
                    seconds,
                    (c.lastOffset() - c.firstOffset()) / (seconds * 1e3),
                    c.driftPpm(),
                    Math.max(c.errorAt(s.firstLocal()), c.errorAt(s.lastLocal()))));
        }
        return b.toString();
    }

    /** profile.json without its wait-state members (the last ones). */
    static String withoutWaits(String json) {
        int at = json.indexOf(",\n  \"wait_states\"");
        return at < 0 ? json : json.substring(0, at) + "\n}\n";
    }

    private static final String ITERATION_COUNTER = "{\"name\":\"Iteration\",\"cat\":\"qmpi4j\",\"ph\":\"C\"";

    /** trace.json without the Iteration counter events merge inserts (each ",\n" and one line). */
    static String withoutIterationCounters(String json) {
        // Up to the event's own end ("}}" before a line break): the separator's comma stays with the next.
        return json.replaceAll(",\n" + java.util.regex.Pattern.quote(ITERATION_COUNTER) + "[^\n]*?\\}\\}(?=,?\n)", "");
    }

    static String withoutCreated(String json) {
        return json.replaceAll("\"created\": \"[^\"]*\"", "\"created\": \"-\"");
    }
}
