package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.launch.JobResult;

/**
 * Real Open MPI jobs of {@code iterations.Iterations}, 4 ranks, whose iterations are made by
 * construction: the main loop is found at the call the program ends each iteration with, with
 * the count it ran; a spike of 300 ms (against iterations of 5 ms) is found in its iteration on
 * its rank; a warm-up of 10 iterations of 160 ms (then 40 ms) is found exactly, however the loaded
 * machine jitters (a margin of 10 ms or 3 sigma before an iteration counts as slow); nested loops
 * give the outer count; master/worker ranks that repeat no call equally, and no loop, give none;
 * an {@code MPI_Pcontrol} marker at the top of each iteration decides over the search.
 * Read from profile.json through {@link JobResults}.
 */
class IterationsTest {
    private static final String SAMPLE = "org.qmpi4j.samples.openmpi.iterations.Iterations";
    private static final String SOURCE =
            "samples/openmpi/src/main/java/org/qmpi4j/samples/openmpi/iterations/Iterations.java";

    private static JsonNode iterations(Path tmp, String mode) throws Exception {
        Path out = tmp.resolve(mode);
        JobResult result = AgentJob.run(AgentJob.withTools(SAMPLE, 4, "profiler,tracer")
                .args(mode)
                .timeout(Duration.ofSeconds(120))
                .env("QMPI4J_OUTPUT", out.toString()));
        AgentJob.assertOk(result, 4);
        JsonNode profile = JobResults.in(out).profile().root; // valid against the published schema
        assertThat(profile.has("iterations"))
                .as("profile.json of %s has iterations", mode)
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
        assertThat(b.get("class").asString()).isEqualTo(SAMPLE);
        assertThat(b.get("line").asInt()).isEqualTo(lines.get("residual"));
        assertThat(it.get("series").elements()).hasSize((int) count);
    }

    @Test
    void aSpikeIsFoundInItsIterationOnItsRank(@TempDir Path tmp) throws Exception {
        JsonNode it = iterations(tmp, "spike");
        assertBoundaryIsTheResidual(it, 40);
        assertTheIterationCounters(tmp.resolve("spike"), 40);
        JsonNode slowest = it.get("slowest");
        assertThat(slowest.get("iteration").asLong()).isEqualTo(25);
        assertThat(slowest.get("rank").asInt()).isEqualTo(1);
        assertThat(slowest.get("wall_s").asDouble()).isBetween(0.300, 0.600);
        JsonNode entry = it.get("series").elements().get(24);
        assertThat(entry.get("first").asLong()).isEqualTo(25);
        assertThat(entry.get("slowest_rank").asInt()).isEqualTo(1);
        assertTheSpikesWaits(it);
    }

    /**
     * In iteration 25 of the spike run, the three ranks other than rank 1 waited for its 300 ms in
     * the allreduce (and the exchange after): its entry's mean wait over the 4 ranks is about 3/4 of
     * 300 ms, the other iterations' a few ms at most; the spike is listed with rank 1, caused by
     * its own work (application) unless a JVM pause of it took most of it.
     */
    /**
     * trace.json, written at MPI_Finalize, holds each rank's "Iteration" counter: 1 to
     * {@code count} in turn, then 0, in time order; rank 1's iteration 25, the spike of 300 ms,
     * lasts that long on its counter; the MPI calls are counted by their category as before.
     */
    private static void assertTheIterationCounters(Path out, long count) throws Exception {
        JobResults.Trace trace = JobResults.in(out).trace();
        assertThat(trace.counters).containsOnlyKeys(0, 1, 2, 3);
        for (int rank = 0; rank < 4; rank++) {
            List<JsonNode> points = trace.counters.get(rank).get("Iteration");
            assertThat(points).as("rank %d's Iteration counter", rank).hasSize((int) count + 1);
            double last = -1;
            for (int i = 0; i < points.size(); i++) {
                assertThat(points.get(i).get("args").get("value").asLong())
                        .as("rank %d point %d", rank, i)
                        .isEqualTo(i < count ? i + 1 : 0);
                assertThat(points.get(i).get("ts").asDouble()).isGreaterThanOrEqualTo(last);
                last = points.get(i).get("ts").asDouble();
            }
            assertThat(trace.events.get(rank).get("MPI_ALLREDUCE")).isGreaterThanOrEqualTo(count);
        }
        List<JsonNode> rank1 = trace.counters.get(1).get("Iteration");
        assertThat(rank1.get(25).get("ts").asDouble() - rank1.get(24).get("ts").asDouble())
                .as("rank 1's iteration 25 on its counter, in us")
                .isGreaterThanOrEqualTo(300_000);
    }

    static void assertTheSpikesWaits(JsonNode it) throws Exception {
        java.util.List<JsonNode> series = it.get("series").elements();
        assertThat(series.get(24).get("wait_s_mean").asDouble())
                .as("%s", series.get(24))
                .isBetween(0.200, 0.400);
        for (int i = 12; i < series.size(); i++) {
            if (i != 24) {
                assertThat(series.get(i).get("wait_s_mean").asDouble())
                        .as("iteration %d: %s", i + 1, series.get(i))
                        .isLessThan(0.100);
            }
        }
        JsonNode spike = null;
        for (JsonNode k : it.get("spikes").elements()) {
            if (k.get("iteration").asLong() == 25) {
                spike = k;
            }
        }
        assertThat(spike).as("spike 25 in %s", it.get("spikes")).isNotNull();
        assertThat(spike.get("rank").asInt()).isEqualTo(1);
        // Rank 1 computed 300 ms longer: its own work, which the other ranks waited for (their
        // waits are its effect), unless a JVM pause of rank 1 took most of it.
        if ("application".equals(spike.get("cause").asStringOrNull())) {
            assertThat(spike.get("cause_rank").asInt()).as("%s", spike).isEqualTo(1);
            assertThat(spike.get("cause_s").asDouble()).as("%s", spike).isBetween(0.150, 0.600);
        } else {
            assertThat(spike.get("cause").asStringOrNull())
                    .as("%s", spike)
                    .isIn("gc", "safepoint", "class_loading", "descheduled");
            assertThat(spike.get("cause_rank").asInt()).as("%s", spike).isEqualTo(1);
        }
    }

    @Test
    void aWarmUpMadeLongerIsFoundExactly(@TempDir Path tmp) throws Exception {
        JsonNode it = iterations(tmp, "warmup");
        assertBoundaryIsTheResidual(it, 30);
        JsonNode warmup = it.get("warmup");
        assertThat(warmup.get("iterations").asLong()).as("%s", it).isEqualTo(10);
        double steady = it.get("steady").get("wall_s_median").asDouble();
        assertThat(steady).isBetween(0.039, 0.060);
        // The warm-up's mean over the steady median: each warm-up iteration sleeps 160 ms, so at
        // least 0.160 s over the median (4 at a 40 ms median; a loaded machine's longer median, up
        // to the 60 ms allowed above, makes it less), and more: the first iteration also holds the
        // JVMs' first calls (class loading, the first connections), measured up to several hundred ms
        assertThat(warmup.get("slowdown").asDouble()).isBetween(0.159 / steady, 20.0);
    }

    @Test
    void nestedLoopsGiveTheOuterCount(@TempDir Path tmp) throws Exception {
        assertBoundaryIsTheResidual(iterations(tmp, "nested"), 10);
    }

    @Test
    void masterAndWorkersDoingDifferentWorkGiveNone(@TempDir Path tmp) throws Exception {
        JsonNode it = iterations(tmp, "master");
        assertThat(it.get("found").asBoolean()).isFalse();
        assertThat(it.get("reason").asString()).contains("ranks doing different work");
    }

    /**
     * The {@code pcontrol} mode marks each of its 20 iterations with {@code MPI.pControl(1, null)}
     * at the top of the body; the body's own calls would give the search 4 iterations (the
     * residual of every 5th). The marker wins: 20 iterations, the boundary the marker's site,
     * {@code found_by} pcontrol, and iteration 13 is rank 2's 300 ms (marked iterations run from
     * one marker's entry to the next). The slowest iteration is 13, or 14: a rank that sends to
     * rank 2 without waiting for it finishes 13 early and then waits in 14's exchanges for the
     * delay passed along the ring, almost as long as the spike (under load, longer).
     */
    @Test
    void anMpiPcontrolMarkerStartsEachIteration(@TempDir Path tmp) throws Exception {
        JsonNode it = iterations(tmp, "pcontrol");
        Map<String, Integer> lines = WaitStatesTest.markers(SOURCE);
        assertThat(it.get("found").asBoolean())
                .as("%s", it.get("reason").asString())
                .isTrue();
        assertThat(it.get("count").asLong())
                .as("%s", it.get("reason").asString())
                .isEqualTo(20);
        JsonNode b = it.get("boundary");
        assertThat(b.get("found_by").asString()).isEqualTo("pcontrol");
        assertThat(b.get("function").asString()).isEqualTo("MPI_PCONTROL");
        assertThat(b.get("class").asString()).isEqualTo(SAMPLE);
        assertThat(b.get("line").asInt()).isEqualTo(lines.get("marker"));
        assertThat(it.get("series").elements()).hasSize(20);
        JsonNode spike = it.get("series").elements().get(12);
        assertThat(spike.get("first").asLong()).isEqualTo(13);
        assertThat(spike.get("slowest_rank").asInt()).as("%s", it).isEqualTo(2);
        assertThat(spike.get("wall_s_max").asDouble()).as("%s", it).isBetween(0.300, 0.600);
        JsonNode slowest = it.get("slowest");
        assertThat(slowest.get("iteration").asLong()).as("%s", it).isIn(13L, 14L);
        assertThat(slowest.get("wall_s").asDouble()).isBetween(0.300, 0.600);
        assertThat(Files.readString(tmp.resolve("pcontrol").resolve("report.txt")))
                .contains("20 iterations, each starting at the MPI_Pcontrol marker MPI_PCONTROL at " + SAMPLE);
    }

    @Test
    void noLoopGivesNone(@TempDir Path tmp) throws Exception {
        JsonNode it = iterations(tmp, "noloop");
        assertThat(it.get("found").asBoolean()).isFalse();
        assertThat(it.has("count")).isFalse();
        assertThat(JobResults.in(tmp.resolve("noloop")).trace().counters)
                .as("no Iteration counter in trace.json")
                .isEmpty();
    }
}
