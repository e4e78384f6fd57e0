package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.MpjAgentJob.Mode;
import org.qmpi4j.launch.JobResult;

/**
 * The MPJ Express version of {@code iterations.Iterations}, 4 ranks, in both of MPJ's modes (ranks
 * as threads of one JVM, and one JVM per rank over niodev): its main loop is found at the call it
 * ends each iteration with, with the count it ran; the spike of 300 ms is found in iteration 25 on
 * rank 1, with the other ranks' waits in that iteration and the spike's cause; the warm-up of 10
 * iterations exactly; nested loops give the outer count; master/worker and no loop give none.
 */
class MpjIterationsTest {
    private static final String SAMPLE = "iterations.Iterations";
    private static final String SOURCE = "samples/mpj/src/main/java/org/qmpi4j/samples/mpj/iterations/Iterations.java";

    private static JsonNode iterations(Path tmp, Mode mode, String run) throws Exception {
        Path out = tmp.resolve(mode + "-" + run);
        JobResult result = MpjAgentJob.run(
                mode,
                MpjAgentJob.withTools(SAMPLE, 4, "profiler,tracer").args(run).env("QMPI4J_OUTPUT", out.toString()));
        MpjAgentJob.assertOk(result, 4, mode);
        JsonNode profile = JobResults.in(out).profile().root; // valid against the published schema
        assertThat(profile.get("binding").asString()).isEqualTo("mpj");
        assertThat(profile.has("iterations"))
                .as("profile.json of %s has iterations", run)
                .isTrue();
        assertThat(Files.readString(out.resolve("report.txt"))).contains("== Iterations");
        return profile.get("iterations");
    }

    private static void assertBoundaryIsTheResidual(JsonNode it, long count) throws Exception {
        Map<String, Integer> lines = WaitStatesTest.markers(SOURCE);
        assertThat(it.get("found").asBoolean())
                .as("%s", it.get("reason").asString())
                .isTrue();
        assertThat(it.get("count").asLong()).isEqualTo(count);
        JsonNode b = it.get("boundary");
        assertThat(b.get("function").asString()).isEqualTo("MPI_ALLREDUCE");
        assertThat(b.get("class").asString()).isEqualTo(MpjAgentJob.SAMPLES + SAMPLE);
        assertThat(b.get("line").asInt()).isEqualTo(lines.get("residual"));
        assertThat(it.get("series").elements()).hasSize((int) count);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void theSpikeIsFoundInItsIterationOnItsRankWithItsWaits(Mode mode, @TempDir Path tmp) throws Exception {
        JsonNode it = iterations(tmp, mode, "spike");
        assertBoundaryIsTheResidual(it, 40);
        JsonNode slowest = it.get("slowest");
        assertThat(slowest.get("iteration").asLong()).isEqualTo(25);
        assertThat(slowest.get("rank").asInt()).isEqualTo(1);
        assertThat(slowest.get("wall_s").asDouble()).isBetween(0.300, 0.600);
        JsonNode entry = it.get("series").elements().get(24);
        assertThat(entry.get("first").asLong()).isEqualTo(25);
        assertThat(entry.get("slowest_rank").asInt()).isEqualTo(1);
        IterationsTest.assertTheSpikesWaits(it);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void theWarmUpIsFoundExactly(Mode mode, @TempDir Path tmp) throws Exception {
        JsonNode it = iterations(tmp, mode, "warmup");
        assertBoundaryIsTheResidual(it, 30);
        assertThat(it.get("warmup").get("iterations").asLong()).as("%s", it).isEqualTo(10);
        assertThat(it.get("steady").get("wall_s_median").asDouble()).isBetween(0.039, 0.060);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void nestedLoopsGiveTheOuterCount(Mode mode, @TempDir Path tmp) throws Exception {
        assertBoundaryIsTheResidual(iterations(tmp, mode, "nested"), 10);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void masterWorkerAndNoLoopGiveNone(Mode mode, @TempDir Path tmp) throws Exception {
        JsonNode master = iterations(tmp, mode, "master");
        assertThat(master.get("found").asBoolean()).isFalse();
        assertThat(master.get("reason").asString()).contains("ranks doing different work");
        JsonNode none = iterations(tmp, mode, "noloop");
        assertThat(none.get("found").asBoolean()).isFalse();
        assertThat(none.has("count")).isFalse();
    }
}
