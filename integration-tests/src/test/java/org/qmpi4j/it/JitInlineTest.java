package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * The compiler directive of the intercept path ({@code jit-inline}, docs/architecture.md, "The intercept path")
 * in a real Open MPI job: added while the ranks are calling MPI, with every call site relinked to
 * new targets under them, and nothing lost or counted twice.
 */
class JitInlineTest {
    private static final int RANKS = 2;
    private static final String ADDED = "qmpi4j: compiler directive for the call path: 1 compiler directives added";

    @Test
    void theDirectiveIsAddedAndTheSitesRelinkedWhileTheJobRunsAndEveryCallIsCountedOnce(@TempDir Path tmp)
            throws Exception {
        Path out = tmp.resolve("results");
        // jit-inline=0: at once after MPI_Init, so that it lands in the middle of the stencil's loop
        MpiJob.Builder job = AgentJob.plain(AgentJob.SAMPLES + "Stencil", RANKS)
                .jvmOption(AgentJob.agentOption("tools=counter,profiler;jit-inline=0;verbose"))
                .env("QMPI4J_OUTPUT", out.toString())
                .args("32", "10000");
        JobResult result = AgentJob.run(job);
        SampleOutput own = AgentJob.assertOk(result, RANKS);

        JobResults.Profile p = JobResults.in(out).profile();
        for (int r = 0; r < RANKS; r++) {
            assertThat(AgentJob.rankStderr(result, r))
                    .as("rank %d: %s", r, result.describe())
                    .contains(ADDED);
            assertThat(p.callsPerRank.get(r))
                    .as("calls per function on rank %d", r)
                    .isEqualTo(own.rankReport(r).calls);
            assertThat(AgentJob.counterOnRank(result, r))
                    .as("the counter before the profiler, rank %d", r)
                    .isEqualTo(own.rankReport(r).calls);
        }
    }
}
