package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * A job whose rank 1 stops midway — an uncaught exception, {@code System.exit}, {@code MPI_Abort}
 * (the feature sample {@code ThrowMidway}, 4 ranks; {@code mpirun} then sends the others SIGTERM):
 * nothing gets gathered, yet each rank's data is on disk, rank 1's with exactly the calls it made;
 * {@code qmpi4j merge} then builds the profile and the trace. The world's {@code world.json} says
 * how it ended ({@code exception} when a rank's main thread threw, {@code exited} after a
 * {@code System.exit}, or {@code aborted} after {@code MPI_Abort}, also when rank 0 calls it).
 */
class ToolsAfterCrashTest {
    @ParameterizedTest(name = "rank 1 stops with {0}")
    @CsvSource({"throw, exited, exception", "exit, exited, exited", "abort, aborted, aborted"})
    void eachRankLeavesItsDataAndMergeBuildsTheReports(String how, String state, String world, @TempDir Path tmp)
            throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(BundledTools.job(AgentJob.FEATURES + "ThrowMidway", 4, "profiler,tracer", out)
                .args("6", "3", how));
        assertThat(result.succeeded()).as(result.describe()).isFalse();
        assertThat(result.timedOut()).as(result.describe()).isFalse();
        SampleOutput own = SampleOutput.parse(result);
        Map<String, Long> rank1 = own.rankReport(1).calls;
        assertThat(rank1)
                .as("what rank 1 did before it threw\n%s", result.describe())
                .containsEntry("MPI_SEND", 3L)
                .containsEntry("MPI_RECV", 3L)
                .doesNotContainKey("MPI_FINALIZE");
        assertThat(rank1.containsKey("MPI_ABORT")).isEqualTo(how.equals("abort"));

        JobResults results = JobResults.in(out);
        assertThat(out.resolve("profile.json")).doesNotExist();
        assertThat(results.rankState(1)).isEqualTo(state);
        // The world ends as its first rank to stop did (rank 0 was only stopped by mpirun).
        assertThat(results.world().state).as("world.json").isEqualTo(world);
        for (int r : new int[] {0, 2, 3}) {
            // Stopped by mpirun's SIGTERM while waiting for the token: the shutdown hook wrote the file.
            assertThat(results.rankState(r))
                    .as("state of rank %d after SIGTERM", r)
                    .isEqualTo("exited");
        }
        assertThat(results.rankCalls(1)).as("rank 1's own file").isEqualTo(rank1);
        Map<String, Long> traced = new TreeMap<>();
        results.shardEvents(1).forEach(e -> traced.merge(e.function(), 1L, Long::sum));
        assertThat(traced).as("calls in rank 1's trace file").isEqualTo(rank1);
        List<String> said = AgentJob.rankStderr(result, 0).stream()
                .filter(l -> l.startsWith("qmpi4j: the job ended"))
                .collect(Collectors.toList());
        assertThat(said)
                .as(result.describe())
                .singleElement()
                .asString()
                .contains(out + "/ranks", "qmpi4j merge " + out);

        BundledTools.Command merge = BundledTools.qmpi4j("merge", out.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        assertThat(merge.stderr).contains("stopped before MPI_Finalize");
        JobResults.Profile p = results.profile();
        assertThat(p.callsPerRank.get(1)).isEqualTo(rank1);
        assertThat(p.matrixBytes[1][2]).isEqualTo(own.rankReport(1).sentTo.get(2)[1]);
        JobResults.Trace t = results.trace();
        assertThat(t.events.get(1)).isEqualTo(rank1);

        BundledTools.Command report = BundledTools.qmpi4j("report", out.toString());
        assertThat(report.exitCode).as("%s", report).isZero();
        assertThat(report.stdout).startsWith("qmpi4j profile").contains("exited");
    }

    /**
     * Rank 0 itself calls {@code MPI_Abort}: its JVM ends inside the call, without running its exit
     * hooks, so what the world's record and the user get is said before the call goes ahead.
     */
    @Test
    void rankZeroAbortingEndsTheWorldAsAbortedAndSaysHowToMerge(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(BundledTools.job(AgentJob.FEATURES + "ThrowMidway", 2, "profiler,tracer", out)
                .args("6", "3", "abort", "0"));
        assertThat(result.succeeded()).as(result.describe()).isFalse();
        assertThat(result.timedOut()).as(result.describe()).isFalse();
        Map<String, Long> rank0 = SampleOutput.parse(result).rankReport(0).calls;
        assertThat(rank0).as(result.describe()).containsEntry("MPI_ABORT", 1L);

        JobResults results = JobResults.in(out);
        assertThat(results.world().state)
                .as("world.json\n%s", result.describe())
                .isEqualTo("aborted");
        assertThat(results.rankState(0)).isEqualTo("aborted");
        assertThat(results.rankCalls(0)).isEqualTo(rank0);
        RankFailure recorded = results.failure(0);
        assertThat(recorded).as("rank 0's failure record").isNotNull();
        assertThat(recorded.kind()).isEqualTo(RankFailure.Kind.ABORT);
        assertThat(recorded.code()).isEqualTo(3);
        assertThat(result.stderr().lines().filter(l -> l.contains("qmpi4j: the job ended")))
                .as(result.describe())
                .singleElement()
                .asString()
                .endsWith("qmpi4j: the job ended before MPI_Finalize; each rank's data is in " + out
                        + "/ranks; 'qmpi4j merge " + out + "' builds the reports");

        BundledTools.Command merge = BundledTools.qmpi4j("merge", out.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        assertThat(results.profile().callsPerRank.get(0)).isEqualTo(rank0);
    }
}
