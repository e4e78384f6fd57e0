package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.launch.JobResult;

/**
 * A rank whose trace file cannot be made (here a folder stands where rank 1's shard goes) still
 * takes part in gathering the others' at {@code MPI_Finalize}: the job ends as without the tools
 * instead of waiting for ever in the gather, the trace holds the other ranks, and the fault is said
 * once for the job, by rank 0.
 */
class TracerMissingShardTest {
    @Test
    void aRankWithoutItsShardTakesPartInTheGather(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        Files.createDirectories(out.resolve("ranks").resolve("rank-1.trace"));
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "Ring", 4, "profiler,tracer")
                .timeout(Duration.ofSeconds(60))
                .env("QMPI4J_OUTPUT", out.toString()));
        assertThat(result.timedOut()).as("the job ended\n%s", result.describe()).isFalse();
        AgentJob.assertOk(result, 4);
        // The file system refused rank 1's file: said once for the job, in rank 0's line.
        assertThat(AgentJob.rankStderr(result, 0))
                .as(result.describe())
                .anyMatch(l -> l.contains("the file system refused the files of 1 of 4 rank(s) [1] (rank 1: tracer:"
                        + " opening this rank's trace file; the trace leaves this rank out"));
        assertThat(AgentJob.rankStderr(result, 1))
                .as(result.describe())
                .noneMatch(l -> l.contains("opening this rank's trace file"));
        JobResults.Trace t = JobResults.in(out).trace();
        assertThat(t.events.keySet()).as("ranks with calls in the trace").containsExactly(0, 2, 3);
        assertThat(JobResults.in(out).profile().root.get("complete").asBoolean())
                .isTrue();
    }
}
