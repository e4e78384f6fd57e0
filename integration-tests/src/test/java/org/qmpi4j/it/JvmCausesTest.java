package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * What the JVM did, per rank, on a real Open MPI job made for it ({@code waits.GcPauses}): rank 0
 * collects garbage over a large live set a known number of times, rank 1 sleeps as long. The
 * profile's {@code jvm} object of each rank says what that rank's JVM reports of itself (its
 * garbage-collector beans, printed by the program before {@code MPI_Finalize}): the collections
 * are rank 0's, not rank 1's.
 */
class JvmCausesTest {
    private static final int COLLECTIONS = 5;
    private static final Pattern OWN = Pattern.compile(
            "QMPI4J-JVM rank=(\\d+) collections=(\\d+) collection_ms=(\\d+) full=(\\d+) full_ms=(\\d+).*");

    @Test
    void eachRanksCollectionsAreWhatItsJvmReports(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        MpiJob.Builder job = AgentJob.plain(AgentJob.SAMPLES + "waits.GcPauses", 2)
                .jvmOption(AgentJob.agentOption("tools=profiler"))
                .jvmOption("-XX:+UseG1GC")
                .env("QMPI4J_OUTPUT", out.toString())
                .args(Integer.toString(COLLECTIONS), "64", "100");
        JobResult result = AgentJob.run(job);
        AgentJob.assertOk(result, 2);
        Map<Integer, long[]> own = new HashMap<>();
        for (String line : AgentJob.markerLines(result, "QMPI4J-JVM")) {
            Matcher m = OWN.matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            own.put(Integer.parseInt(m.group(1)), new long[] {
                Long.parseLong(m.group(2)),
                Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)),
                Long.parseLong(m.group(5))
            });
        }
        assertThat(own).as(result.describe()).containsOnlyKeys(0, 1);

        List<JsonNode> perRank =
                JobResults.in(out).profile().root.get("time").get("per_rank").elements();
        JsonNode collector = perRank.get(0).get("jvm");
        JsonNode sleeper = perRank.get(1).get("jvm");

        // Rank 0: its full collections are the ones it asked for, with the pause time its JVM's
        // beans report (they count whole milliseconds per collection). The profile is read at
        // MPI_Finalize, after the program printed the beans: young collections may come between.
        long full = -1;
        double fullSeconds = -1;
        for (JsonNode c : collector.get("collectors").elements()) {
            if (c.get("name").asString().equals("G1 full collection pauses")) {
                full = c.get("count").asLong();
                fullSeconds = c.get("pause_s").asDouble();
            }
        }
        long[] mine = own.get(0);
        assertThat(full)
                .as("System.gc() calls on rank 0")
                .isEqualTo(COLLECTIONS)
                .isEqualTo(mine[2]);
        assertThat(fullSeconds * 1e3)
                .as("full collections' pause time against the beans' %s ms", mine[3])
                .isCloseTo(mine[3], org.assertj.core.data.Offset.offset(1.0 * COLLECTIONS + 2));
        long count = collector.get("gc_count").asLong();
        double seconds = collector.get("gc_pause_s").asDouble();
        assertThat(count).isGreaterThanOrEqualTo(mine[0]);
        assertThat(seconds * 1e3).isGreaterThanOrEqualTo(mine[1] - 1.0 * mine[0] - 2);
        assertThat(collector.get("last_gc_cause").asString()).isNotEmpty();
        assertThat(seconds).as("collections over a 64 MB live set take time").isGreaterThan(0.005 * COLLECTIONS);

        // Rank 1 slept as long: no full collection, and next to no pause time.
        for (JsonNode c : sleeper.get("collectors").elements()) {
            if (c.get("name").asString().equals("G1 full collection pauses")) {
                assertThat(c.get("count").asLong()).isZero();
            }
        }
        assertThat(own.get(1)[2]).isZero();
        assertThat(sleeper.get("gc_count").asLong())
                .isGreaterThanOrEqualTo(own.get(1)[0])
                .isLessThan(COLLECTIONS);
        assertThat(sleeper.get("gc_pause_s").asDouble()).isLessThan(seconds / 5);

        for (JsonNode r : perRank) {
            JsonNode jvm = r.get("jvm");
            assertThat(jvm.get("class_loading_s").asDouble())
                    .as("a JVM loads classes")
                    .isPositive();
            assertThat(jvm.get("descheduled_s").asDouble()).isGreaterThanOrEqualTo(0);
            assertThat(jvm.get("safepoint_count").asLong()).isGreaterThanOrEqualTo(0);
        }
    }

    /**
     * The waits' causes on the same program with the tracer, 3 ranks: the waiting rank 0's
     * intervals caused is named garbage collection, for about as long as rank 0's JVM says its
     * collections paused (ranks 1 and 2 waited for each, so twice that); the waiting rank 1's
     * sleeps caused is the application's, not the JVM's. Shares, not times, are asserted where the
     * loaded machine could move them: other ranks descheduled arrive later and wait less, which
     * shortens the late windows but not what they held.
     */
    @Test
    void theWaitsACollectingRankCausedAreNamedGarbageCollection(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        MpiJob.Builder job = AgentJob.plain(AgentJob.SAMPLES + "waits.GcPauses", 3)
                .jvmOption(AgentJob.agentOption("tools=profiler,tracer"))
                .jvmOption("-XX:+UseG1GC")
                .env("QMPI4J_OUTPUT", out.toString())
                .args(Integer.toString(COLLECTIONS), "64", "100");
        JobResult result = AgentJob.run(job);
        AgentJob.assertOk(result, 3);
        JsonNode profile = JobResults.in(out).profile().root; // valid against the published schema
        // Rank 0's intervals from one barrier to the next, each with its System.gc() (the one before
        // the first barrier allocates the live set, and its young collections are gc too).
        double[] collector = causes(profile, 0, true);
        double[] sleeper = causes(profile, 1, false);
        String seen = "rank 0 " + java.util.Arrays.toString(collector) + ", rank 1 "
                + java.util.Arrays.toString(sleeper) + " (seconds, gc, safepoint, class_loading, descheduled,"
                + " application)";

        double fullSeconds = -1;
        JsonNode jvm0 = profile.get("time").get("per_rank").elements().get(0).get("jvm");
        for (JsonNode c : jvm0.get("collectors").elements()) {
            if (c.get("name").asString().equals("G1 full collection pauses")) {
                fullSeconds = c.get("pause_s").asDouble();
            }
        }
        assertThat(fullSeconds).as("rank 0's full collections").isGreaterThan(0.005 * COLLECTIONS);
        assertThat(collector[0]).as(seen).isPositive();
        // What rank 0 made others wait for there was its collections ...
        // ... of what its own JVM and code took (the machine's descheduling of 3 ranks on 2 cores is
        // apart: 0.24 of those waits once in a suite run, leaving gc 0.76 of the whole) ...
        assertThat(collector[1] / (collector[0] - collector[4])).as(seen).isGreaterThan(0.8);
        assertThat(collector[1] / collector[0]).as(seen).isGreaterThan(0.6);
        // ... two ranks waited through each, so the gc seconds are up to twice its JVM's pause time,
        // and at least 0.6 of twice it (a rank that came late to a barrier waited less).
        assertThat(collector[1])
                .as(seen + "; rank 0's full collections paused %s s", fullSeconds)
                .isBetween(0.6 * 2 * fullSeconds, 1.05 * 2 * fullSeconds + 0.002);
        // Rank 1 slept: its waits' causes are the application's.
        assertThat(sleeper[0]).as(seen).isGreaterThan(0.5 * 2 * COLLECTIONS * 0.1);
        assertThat((sleeper[1] + sleeper[2]) / sleeper[0]).as(seen).isLessThan(0.03);
        // Of what the machine left it (a rank woken from its sleep waits for a core on a loaded
        // machine: 0.31 of 1.28 s once, named descheduled, rightly), the application's.
        assertThat(sleeper[5] / (sleeper[0] - sleeper[4])).as(seen).isGreaterThanOrEqualTo(0.9);
    }

    /**
     * The delays of {@code rank}'s intervals (if {@code betweenBarriers}, only its computation
     * from one barrier to the next) added up: their seconds, then the seconds of each
     * cause (gc, safepoint, class_loading, descheduled, application), which sum to them.
     */
    static double[] causes(JsonNode profile, int rank, boolean betweenBarriers) throws Exception {
        List<String> order = List.of("gc", "safepoint", "class_loading", "descheduled", "application");
        double[] sum = new double[1 + order.size()];
        for (JsonNode d : profile.get("delays").elements()) {
            if (d.get("rank").asInt() != rank) {
                continue;
            }
            if (betweenBarriers
                    && !(d.get("kind").asString().equals("computation")
                            && d.get("function").asString().equals("MPI_BARRIER")
                            && "MPI_BARRIER".equals(d.get("previous_function").asStringOrNull()))) {
                continue;
            }
            sum[0] += d.get("seconds").asDouble();
            double parts = 0;
            for (JsonNode c : d.get("causes").elements()) {
                double s = c.get("seconds").asDouble();
                sum[1 + order.indexOf(c.get("cause").asString())] += s;
                parts += s;
            }
            assertThat(parts).isCloseTo(d.get("seconds").asDouble(), org.assertj.core.data.Offset.offset(1e-6));
        }
        return sum;
    }
}
