package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;
import org.qmpi4j.launch.OpenMpiLauncher;

/**
 * Real jobs of many ranks under {@code profiler,tracer} on this 2-core machine: MPJ Express
 * multicore with 128 ranks (the Ring sample; 128 threads of one JVM) and Open MPI with 64 ranks
 * oversubscribed (the Collectives sample; 64 JVMs). Outputs are complete and exact: every rank's
 * calls per function and its row of the matrix equal what the sample counted itself, the trace
 * has every rank's calls, and report.txt summarises the ranks. Each job also runs without the
 * agent, and both wall times are printed ({@code QMPI4J-SCALE} lines), and rank 0's finalize costs, the
 * gather's and the wait-state analysis's, from their verbose lines ({@code QMPI4J-FINALIZE}
 * lines); for BENCHMARKS.md.
 *
 * <p>About three minutes: in the Maven profile {@code many-ranks} ({@code mvn verify -Pmany-ranks}),
 * not in the default test command.
 */
@Tag("many-ranks")
class ManyRanksTest {
    @Test
    void mpjMulticoreRingOf128Ranks(@TempDir Path tmp) throws Exception {
        int ranks = 128;
        Path out = tmp.resolve("results");
        MpiJob.Builder tools = MpjAgentJob.withTools("Ring", ranks, "profiler,tracer")
                .timeout(Duration.ofMinutes(5))
                .env("QMPI4J_OUTPUT", out.toString());
        JobResult withTools = MpjAgentJob.run(MpjAgentJob.Mode.MULTICORE, tools);
        printFinalizeCosts("mpj-multicore Ring", ranks, withTools);
        SampleOutput own = MpjAgentJob.assertOk(withTools, ranks, MpjAgentJob.Mode.MULTICORE);
        assertExact(out, own, ranks, withTools);

        MpiJob.Builder plain = MpiJob.builder(MpjAgentJob.SAMPLES + "Ring")
                .classpath(ItJars.jar("qmpi4j-samples-mpj"), ItJars.jar("qmpi4j-samples-common"))
                .ranks(ranks)
                .timeout(Duration.ofMinutes(5))
                .echo(false);
        JobResult without = MpjAgentJob.run(MpjAgentJob.Mode.MULTICORE, plain);
        assertThat(without.succeeded()).as(without.describe()).isTrue();
        print("mpj-multicore Ring", ranks, withTools, without);
    }

    @Test
    void openMpiCollectivesOf64Ranks(@TempDir Path tmp) throws Exception {
        int ranks = 64;
        Path out = tmp.resolve("results");
        JobResult withTools = new OpenMpiLauncher()
                .run(openMpi(ranks)
                        .jvmOption(AgentJob.agentOption("tools=profiler,tracer"))
                        .env("QMPI4J_OUTPUT", out.toString())
                        .build());
        printFinalizeCosts("openmpi Collectives", ranks, withTools);
        SampleOutput own = AgentJob.assertOk(withTools, ranks);
        assertExact(out, own, ranks, withTools);
        assertPartOfTheTrace(out, ranks);

        JobResult without = new OpenMpiLauncher().run(openMpi(ranks).build());
        assertThat(without.succeeded()).as(without.describe()).isTrue();
        print("openmpi Collectives", ranks, withTools, without);
    }

    /**
     * {@code qmpi4j trace} builds a trace of ranks 16-31 in a window of the 64-rank job from the
     * ranks' shards: only those ranks, only calls that overlap the window, with their arrows.
     *
     * <p>The window is the middle third of the job's collectives (from the first {@code
     * MPI_BARRIER} to the end of the last call before {@code MPI_Finalize}), not of the whole
     * trace: on 64 JVMs sharing two cores the ranks' start and the tools' set-up after {@code
     * MPI_Init} (clock synchronisation with every rank in turn) take most of the job, and a window
     * of the whole span's middle third could fall where no rank is in any MPI call.
     */
    private static void assertPartOfTheTrace(Path out, int ranks) throws Exception {
        JsonNode whole = JobResults.in(out).json("trace.json");
        double first = Double.MAX_VALUE;
        double last = 0;
        for (JsonNode e : whole.get("traceEvents").elements()) {
            if (!e.get("ph").asString().equals("X") || !e.get("cat").asString().equals("mpi")) {
                continue;
            }
            String name = e.get("name").asString();
            if (name.equals("MPI_BARRIER")) {
                first = Math.min(first, e.get("ts").asDouble());
            }
            if (!name.equals("MPI_FINALIZE") && !name.equals("MPI_WTIME")) {
                last = Math.max(last, e.get("ts").asDouble() + e.get("dur").asDouble());
            }
        }
        assertThat(first).as("the first MPI_BARRIER in trace.json").isLessThan(last);
        // The middle third of the collectives, in seconds on the trace's time axis.
        double from = (first + (last - first) / 3) / 1e6;
        double to = (first + 2 * (last - first) / 3) / 1e6;
        Path part = out.resolve("part.json");
        BundledTools.Command cmd = BundledTools.qmpi4j(
                "trace",
                "--ranks",
                "16-31",
                "--from",
                String.format(Locale.ROOT, "%.6fs", from),
                "--to",
                String.format(Locale.ROOT, "%.6fs", to),
                "--format",
                "json",
                "-o",
                part.toString(),
                out.toString());
        assertThat(cmd.exitCode).as(cmd.toString()).isZero();
        Set<Long> tracks = new TreeSet<>();
        int calls = 0;
        for (JsonNode e : JobResults.in(part.getParent())
                .json(part.getFileName().toString())
                .get("traceEvents")
                .elements()) {
            if (e.get("ph").asString().equals("X") && e.get("cat").asString().equals("mpi")) {
                calls++;
                tracks.add(e.get("pid").asLong());
                assertThat(e.get("ts").asDouble() + e.get("dur").asDouble()).isGreaterThanOrEqualTo(from * 1e6 - 1);
                assertThat(e.get("ts").asDouble()).isLessThanOrEqualTo(to * 1e6 + 1);
            }
        }
        assertThat(calls).as("calls in the window").isPositive();
        assertThat(tracks)
                .as("ranks in the part of %d", ranks)
                .isNotEmpty()
                .allSatisfy(pid -> assertThat(pid).isBetween(16L, 31L));
    }

    /** 64 JVMs on 2 cores: small heaps, the quick compiler, and MPI ranks that yield while they wait. */
    private static MpiJob.Builder openMpi(int ranks) {
        return MpiJob.builder(AgentJob.SAMPLES + "Collectives")
                .classpath(ItJars.jar("qmpi4j-samples-openmpi"), ItJars.jar("qmpi4j-samples-common"))
                .ranks(ranks)
                .jvmOption("-Xmx128m")
                .jvmOption("-XX:TieredStopAtLevel=1")
                .env("OMPI_MCA_mpi_yield_when_idle", "1")
                .timeout(Duration.ofMinutes(5))
                .echo(false);
    }

    private static void assertExact(Path out, SampleOutput own, int ranks, JobResult job) throws Exception {
        JobResults.Profile p = JobResults.in(out).profile();
        assertThat(p.root.get("complete").asBoolean()).as(job.describe()).isTrue();
        assertThat(p.ranks).isEqualTo(ranks);
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
        JobResults.Trace t = JobResults.in(out).trace();
        assertThat(t.processes).hasSize(ranks);
        assertThat(t.events).as("trace events per rank and function").isEqualTo(p.callsPerRank);
        String report = Files.readString(out.resolve("report.txt"));
        assertThat(report)
                .contains("Time per rank: distribution over " + ranks + " ranks", "ranks: " + ranks + " finalized")
                .contains("most loaded ranks", "imbalance over ranks");
        assertThat(Files.readString(out.resolve("matrix.html"))).contains("id=\"matrix\"");
    }

    private static void print(String what, int ranks, JobResult withTools, JobResult without) {
        System.out.printf(
                Locale.ROOT,
                "QMPI4J-SCALE %s %d ranks: job %.1f s with profiler,tracer, %.1f s without%n",
                what,
                ranks,
                withTools.elapsed().toMillis() / 1e3,
                without.elapsed().toMillis() / 1e3);
    }

    /** Rank 0's finalize costs, printed before anything is asserted, so that a failed run still shows them. */
    private static void printFinalizeCosts(String what, int ranks, JobResult withTools) {
        System.out.printf(
                Locale.ROOT,
                "QMPI4J-FINALIZE %s %d ranks: %s; %s%n",
                what,
                ranks,
                verboseLine(withTools, "gathered " + ranks + " ranks"),
                verboseLine(withTools, "wait states of " + ranks + " ranks"));
    }

    /** The first line of the job's verbose output (the agent option has {@code verbose}) containing {@code text}. */
    private static String verboseLine(JobResult job, String text) {
        List<String> lines = job.stderr().lines().filter(l -> l.contains(text)).toList();
        return lines.isEmpty() ? "(no line with '" + text + "')" : lines.get(0).trim();
    }
}
