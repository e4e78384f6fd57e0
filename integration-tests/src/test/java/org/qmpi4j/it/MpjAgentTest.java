package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.MpjAgentJob.Mode;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * The MPJ Express samples under the agent, in both of MPJ's modes, with 2 and 4 ranks: the tools
 * see on every rank exactly the calls and bytes the sample counted itself, and exactly what they
 * see in the Open MPI version of the same sample (same algorithm, same inputs, same tools).
 *
 * <p>Every job runs under each tool list of {@link #TOOL_LISTS}; the checks of a tool run when it
 * is in the list. Adding a tool to the comparison is a new list there and a new {@code assert...}
 * method called from {@link #toolsSeeWhatTheSampleCountsAndWhatOpenMpiSees}.
 */
class MpjAgentTest {
    /** Tool lists every sample job runs under (one job each). */
    static final List<String> TOOL_LISTS = List.of("counter,bytes");

    static final List<String> SAMPLES = List.of("Ring", "Stencil");
    static final int[] RANKS = {2, 4};

    /** Sends as the samples count them in {@code QMPI4J-P2P}. */
    private static final Set<String> SENDS = Set.of(
            "MPI_SEND", "MPI_BSEND", "MPI_SSEND", "MPI_RSEND", "MPI_ISEND", "MPI_IBSEND", "MPI_ISSEND", "MPI_IRSEND");

    /** Open MPI runs of the same sample, ranks and tools: the reference, run once per combination. */
    private static final Map<String, JobResult> OPEN_MPI = new ConcurrentHashMap<>();

    static Stream<Arguments> jobs() {
        List<Arguments> jobs = new ArrayList<>();
        for (String tools : TOOL_LISTS) {
            for (String sample : SAMPLES) {
                for (Mode mode : Mode.values()) {
                    for (int ranks : RANKS) {
                        jobs.add(Arguments.of(sample, mode, ranks, tools));
                    }
                }
            }
        }
        return jobs.stream();
    }

    @ParameterizedTest(name = "{0} in {1} mode with {2} ranks, tools={3}")
    @MethodSource("jobs")
    void toolsSeeWhatTheSampleCountsAndWhatOpenMpiSees(String sample, Mode mode, int ranks, String tools)
            throws Exception {
        JobResult mpj = MpjAgentJob.run(mode, MpjAgentJob.withTools(sample, ranks, tools));
        SampleOutput own = MpjAgentJob.assertOk(mpj, ranks, mode);
        JobResult openMpi = openMpi(sample, ranks, tools);
        SampleOutput openMpiOwn = SampleOutput.parse(openMpi);

        List<String> list = Arrays.asList(tools.split(","));
        for (int rank = 0; rank < ranks; rank++) {
            // Same algorithm, same inputs: the samples' own counts agree across bindings.
            assertThat(own.rankReport(rank).calls)
                    .as("sample's own calls, rank %d, MPJ vs Open MPI", rank)
                    .isEqualTo(openMpiOwn.rankReport(rank).calls);
            if (list.contains("counter")) {
                assertCounter(mpj, own, openMpi, rank);
            }
            if (list.contains("bytes")) {
                assertBytes(mpj, own, openMpi, rank);
            }
        }
        assertPcontrolNotice(mpj, ranks, mode, list.contains("counter"));
    }

    /** {@code counter}: per function, what the sample counted, and what it counts under Open MPI. */
    private static void assertCounter(JobResult mpj, SampleOutput own, JobResult openMpi, int rank) {
        Map<String, Long> counted = AgentJob.counterOnRank(mpj, rank);
        assertThat(counted)
                .as("counter vs the sample's own count on rank %d\n%s", rank, mpj.describe())
                .isEqualTo(own.rankReport(rank).calls);
        assertThat(counted)
                .as("counter on rank %d, MPJ vs Open MPI", rank)
                .isEqualTo(AgentJob.counterOnRank(openMpi, rank));
        List<AgentJob.Site> sites =
                AgentJob.counterSites(mpj).stream().filter(s -> s.rank == rank).collect(Collectors.toList());
        assertThat(sites).as("call sites of rank %d", rank).isNotEmpty().allSatisfy(s -> {
            assertThat(s.where).startsWith(MpjAgentJob.SAMPLES);
            assertThat(s.line).isPositive();
        });
        Map<String, Long> siteTotals = new TreeMap<>();
        sites.forEach(s -> siteTotals.merge(s.function, s.calls, Long::sum));
        assertThat(siteTotals).as("site totals of rank %d", rank).isEqualTo(counted);
    }

    /**
     * {@code bytes}: the bytes the agent computes from MPJ's offsets, counts and datatypes add up
     * per peer to what the sample sent, and every function's bytes equal those under Open MPI.
     */
    private static void assertBytes(JobResult mpj, SampleOutput own, JobResult openMpi, int rank) {
        Map<Integer, long[]> sent = new TreeMap<>();
        for (MpjAgentJob.Bytes b : MpjAgentJob.bytesLines(mpj.rankStdout(rank))) {
            if (SENDS.contains(b.function)) {
                long[] acc = sent.computeIfAbsent(Integer.parseInt(b.peer), p -> new long[2]);
                acc[0] += b.calls;
                acc[1] += b.bytes;
            }
        }
        Map<Integer, long[]> expected = own.rankReport(rank).sentTo;
        assertThat(sent.keySet())
                .as("peers rank %d sent to\n%s", rank, mpj.describe())
                .isEqualTo(expected.keySet());
        sent.forEach((peer, acc) -> assertThat(acc)
                .as("messages and bytes from rank %d to %d", rank, peer)
                .containsExactly(expected.get(peer)));
        assertThat(MpjAgentJob.bytesTable(mpj).get(rank))
                .as("bytes per function and peer on rank %d, MPJ vs Open MPI", rank)
                .isNotEmpty()
                .isEqualTo(MpjAgentJob.bytesTable(openMpi).get(rank));
    }

    /** A tool with an MPI_PCONTROL handler (the counter has one) is told once per JVM that it never runs. */
    private static void assertPcontrolNotice(JobResult mpj, int ranks, Mode mode, boolean expected) {
        long notices = Arrays.stream(mpj.stderr().split("\n"))
                .filter(l -> l.contains(MpjAgentJob.NO_PCONTROL_NOTICE))
                .count();
        int jvms = mode == Mode.MULTICORE ? 1 : ranks;
        assertThat(notices).as("notices about MPI_Pcontrol\n%s", mpj.describe()).isEqualTo(expected ? jvms : 0);
    }

    /**
     * Multicore mode: four ranks in one JVM share no tool state. Each rank has its own MPI process
     * (its own copy of MPJ's classes), hence its own tool instances with their own ids and storage;
     * each instance reports the MPI rank of the thread it ran on and only that rank's calls; every
     * rank rewrote its own copy of the application class.
     */
    @Test
    void multicoreRanksShareNoToolState() throws Exception {
        int ranks = 4;
        JobResult result = MpjAgentJob.run(Mode.MULTICORE, MpjAgentJob.withTools("Stencil", ranks, "counter,bytes"));
        SampleOutput own = MpjAgentJob.assertOk(result, ranks, Mode.MULTICORE);

        assertThat(MpjAgentJob.multicoreSummary(result)[0])
                .as("classes rewritten: Stencil once per rank's loader")
                .isEqualTo(ranks);
        assertThat(result.stderr())
                .as("MPJ's multicore semaphore (shared by the ranks, one class) repaired once: it waits in a loop")
                .contains("; MPI library methods repaired 1");
        Set<Integer> ids = new HashSet<>();
        Set<Long> storages = new HashSet<>();
        for (int rank = 0; rank < ranks; rank++) {
            // Lines are attributed to a rank by the MPI rank MPJ gave the thread that printed them.
            List<String> lines = result.rankStdout(rank);
            List<String> counterLines = lines.stream()
                    .filter(l -> l.startsWith("QMPI4J-TOOL counter "))
                    .collect(Collectors.toList());
            assertThat(counterLines)
                    .as("counter lines printed by rank %d\n%s", rank, result.describe())
                    .hasSize(1);
            assertThat(counterLines.get(0))
                    .as("the instance on rank %d's thread reports that rank", rank)
                    .contains(" rank=" + rank + " ");
            int counterId = Integer.parseInt(counterLines.get(0).split(" ")[2].substring("id=".length()));
            int r = rank;
            assertThat(lines.stream().filter(l -> l.startsWith("QMPI4J-SITE counter ")))
                    .as("site lines of rank %d", rank)
                    .isNotEmpty()
                    .allSatisfy(
                            l -> assertThat(l).startsWith("QMPI4J-SITE counter id=" + counterId + " rank=" + r + " "));

            List<MpjAgentJob.Bytes> bytes = MpjAgentJob.bytesLines(lines);
            assertThat(bytes)
                    .as("bytes lines of rank %d", rank)
                    .isNotEmpty()
                    .allSatisfy(b -> assertThat(b.rank).isEqualTo(r));
            assertThat(bytes.stream().map(b -> b.id).distinct())
                    .as("one bytes instance on rank %d", rank)
                    .hasSize(1);
            assertThat(bytes.stream().map(b -> b.storage).distinct())
                    .as("one storage on rank %d", rank)
                    .hasSize(1);
            assertThat(ids.add(counterId))
                    .as("counter id %d used by one rank only", counterId)
                    .isTrue();
            assertThat(ids.add(bytes.get(0).id))
                    .as("bytes id %d used by one rank only", bytes.get(0).id)
                    .isTrue();
            assertThat(storages.add(bytes.get(0).storage))
                    .as("storage of rank %d shared with another rank", rank)
                    .isTrue();

            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("rank %d's counter saw only rank %d's calls", rank, rank)
                    .isEqualTo(own.rankReport(rank).calls);
        }
        // The check above can tell ranks apart: the edge ranks exchange halos with one neighbour,
        // the inner ranks with two.
        assertThat(AgentJob.counterOnRank(result, 0)).containsEntry("MPI_ISEND", 50L);
        assertThat(AgentJob.counterOnRank(result, 1)).containsEntry("MPI_ISEND", 100L);
        assertThat(ids).hasSize(2 * ranks);
    }

    private static JobResult openMpi(String sample, int ranks, String tools) throws IOException {
        String key = sample + " " + ranks + " " + tools;
        JobResult cached = OPEN_MPI.get(key);
        if (cached == null) {
            cached = AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + sample, ranks, tools));
            AgentJob.assertOk(cached, ranks);
            OPEN_MPI.put(key, cached);
        }
        return cached;
    }
}
