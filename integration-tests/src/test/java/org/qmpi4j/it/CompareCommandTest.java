package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.launch.JobResult;

/**
 * {@code qmpi4j compare} on real runs of a code made to stop scaling at its broadcast
 * ({@code scaling.SerialRoot}) on 1, 2 and 4 ranks: the runs come ordered by ranks, the efficiency
 * falls, the broadcast is named as what stops the scaling, and the page renders in Chromium.
 */
class CompareCommandTest {
    @Test
    void aScalingStudyOfRealRunsNamesTheBroadcastThatWasMadeToScaleBadly(@TempDir Path tmp) throws Exception {
        Path four = run(tmp.resolve("four"), 4);
        Path one = run(tmp.resolve("one"), 1);
        Path two = run(tmp.resolve("two"), 2);
        Path json = tmp.resolve("study.json");
        Path page = tmp.resolve("study.html");
        BundledTools.Command compare = BundledTools.qmpi4j(
                "compare",
                "--json",
                json.toString(),
                "--html",
                page.toString(),
                four.toString(),
                one.toString(),
                two.toString());
        assertThat(compare.exitCode).as(compare.toString()).isZero();

        JsonNode study = JsonNode.parse(Files.readString(json));
        List<JsonNode> runs = study.get("runs").elements();
        assertThat(runs).extracting(r -> r.get("ranks").asInt()).containsExactly(1, 2, 4);
        assertThat(runs.get(2).get("efficiency").asDouble())
                .as("the serial root's 40 ms a step on 4 ranks against 30 ms of shared work")
                .isLessThan(0.8);
        assertThat(study.get("limiting").asString()).as(compare.stdout).isEqualTo("MPI_BCAST");
        JsonNode bcast = study.get("functions").elements().get(0);
        // On 4 ranks, three ranks wait about 40 ms in each of the 10 broadcasts: 0.3 s per rank.
        assertThat(bcast.get("excess_s").asDouble()).as(compare.stdout).isBetween(0.2, 0.6);
        assertThat(compare.stdout).contains("What stops the code scaling: MPI_BCAST");
        // With the tracer, each run's loop of 10 broadcasts is found and its steady state compared.
        List<JsonNode> iterations = study.get("iterations").elements();
        assertThat(iterations.get(0).get("per_rank_s").elements())
                .as(compare.stdout)
                .extracting(JsonNode::asDouble)
                .containsExactly(10.0, 10.0, 10.0);

        String dom = BundledTools.renderedDom(page);
        assertThat(dom).contains("<h1>qmpi4j compare</h1>", "<svg", "What stops the code scaling: MPI_BCAST");
    }

    private static Path run(Path out, int ranks) throws Exception {
        JobResult result =
                AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "scaling.SerialRoot", ranks, "profiler,tracer")
                        .env("QMPI4J_OUTPUT", out.toString()));
        AgentJob.assertOk(result, ranks);
        assertThat(Files.exists(out.resolve("profile.json"))).isTrue();
        return out;
    }
}
