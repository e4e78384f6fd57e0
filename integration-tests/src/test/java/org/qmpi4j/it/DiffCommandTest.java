package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * {@code qmpi4j diff} on real runs that differ by construction: the ping-pong with 20 and then 40
 * iterations (every point-to-point call twice as often), and the ring on 2 and on 4 ranks (runs of
 * different sizes). The text shows each run's figures as its profile has them and the change; the
 * page renders in headless Chromium with every row.
 */
class DiffCommandTest {
    @Test
    void twoRunsOfThePingPongDifferByTheIterationsTheyWereGiven(@TempDir Path tmp) throws Exception {
        Path a = pingPong(tmp.resolve("a"), 20);
        Path b = pingPong(tmp.resolve("b"), 40);
        Path page = tmp.resolve("diff.html");
        BundledTools.Command diff = BundledTools.qmpi4j("diff", "--html", page.toString(), a.toString(), b.toString());
        assertThat(diff.exitCode).as(diff.toString()).isZero();
        String text = diff.stdout;
        assertThat(text).contains("A = " + a + " (2 ranks)", "B = " + b + " (2 ranks)");

        long sendsA = JobResults.in(a).profile().calls.get("MPI_SEND");
        long sendsB = JobResults.in(b).profile().calls.get("MPI_SEND");
        assertThat(sendsB).as("the program's own doubling").isEqualTo(2 * sendsA);
        String calls = text.substring(text.indexOf("Calls, by function"));
        assertThat(calls)
                .containsPattern(
                        "(?m)^  MPI_SEND +" + sendsA + " +" + sendsB + " +\\+" + (sendsB - sendsA) + " +\\+100\\.0%$");
        long messagesA = messages(JobResults.in(a).profile());
        assertThat(messages(JobResults.in(b).profile())).isEqualTo(2 * messagesA);
        assertThat(text).containsPattern("(?m)^  point-to-point messages +" + messagesA + " +" + 2 * messagesA + " ");

        String dom = BundledTools.renderedDom(page);
        assertThat(dom).contains("<h1>qmpi4j diff</h1>");
        Matcher rows = Pattern.compile("data-rows=\"(\\d+)\"").matcher(dom);
        assertThat(rows.find()).isTrue();
        assertThat(rows.group(1)).as("the job's figures").isEqualTo("7");
        assertThat(dom).contains("MPI_SEND", "PingPong.main(PingPong.java:");
    }

    @Test
    void runsOfDifferentSizesCompareTimePerRankAndTotalCalls(@TempDir Path tmp) throws Exception {
        Path two = ring(tmp.resolve("two"), 2);
        Path four = ring(tmp.resolve("four"), 4);
        BundledTools.Command diff = BundledTools.qmpi4j("diff", two.toString(), four.toString());
        assertThat(diff.exitCode).as(diff.toString()).isZero();
        assertThat(diff.stdout).containsPattern("(?m)^  ranks +2 +4 +\\+2 +\\+100\\.0%$");
        long sends2 = JobResults.in(two).profile().calls.get("MPI_SEND");
        long sends4 = JobResults.in(four).profile().calls.get("MPI_SEND");
        assertThat(diff.stdout.substring(diff.stdout.indexOf("Calls, by function")))
                .containsPattern("(?m)^  MPI_SEND +" + sends2 + " +" + sends4 + " ");

        BundledTools.Command one = BundledTools.qmpi4j("diff", two.toString());
        assertThat(one.exitCode).isEqualTo(2);
        BundledTools.Command missing =
                BundledTools.qmpi4j("diff", two.toString(), tmp.resolve("none").toString());
        assertThat(missing.exitCode).isEqualTo(2);
        assertThat(missing.stderr).contains("none: no such directory");
    }

    /** Point-to-point messages over the whole matrix. */
    private static long messages(JobResults.Profile p) {
        long n = 0;
        for (long[] row : p.matrixMessages) {
            for (long m : row) {
                n += m;
            }
        }
        return n;
    }

    private static Path pingPong(Path out, int iterations) throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "PingPong", 2, "profiler")
                .args("--iterations", Integer.toString(iterations), "--warmup", "0", "--sizes", "0,1024")
                .env("QMPI4J_OUTPUT", out.toString()));
        SampleOutput own = AgentJob.assertOk(result, 2);
        assertThat(own.totalCalls()).isNotEmpty();
        assertThat(Files.exists(out.resolve("profile.json"))).isTrue();
        return out;
    }

    private static Path ring(Path out, int ranks) throws Exception {
        JobResult result = AgentJob.run(
                AgentJob.withTools(AgentJob.SAMPLES + "Ring", ranks, "profiler").env("QMPI4J_OUTPUT", out.toString()));
        AgentJob.assertOk(result, ranks);
        return out;
    }
}
