package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * Each kind of JVM and operating-system cause of waiting, made by construction on a real 2-rank
 * Open MPI job ({@code waits.JvmCauses}): rank 0 is late at its barriers for that reason, rank 1
 * sleeps before the others (its waits are the application's). Each test fails if the waits rank 0
 * caused were named anything else, or if rank 1's were given a JVM cause it did not have. The
 * figures the JVM reports of itself (its beans, printed by the program) are the reference, and for
 * descheduling what the operating system says of each rank's thread in its own windows (its
 * {@code /proc} schedstat, read by the program): on a loaded machine (CI's 2 cores beside other
 * builds) any rank is runnable but not running for part of its time, and the tests hold there too,
 * since only the descheduling that reading shows may be named descheduled.
 */
class JvmCauseKindsTest {
    private static final int TURNS = 5;
    private static final Pattern OWN = Pattern.compile("QMPI4J-JVM rank=(\\d+) pause_ms=(\\d+) collections=(\\d+)"
            + " turns_pause_ms=(\\d+) turns_ms=(\\d+) classes=(\\d+) descheduled_us=(\\d+)"
            + " slices=(\\d+) .*");
    /** Indexes into {@link JvmCausesTest#causes}' sums. */
    private static final int ALL = 0;

    private static final int GC = 1;
    private static final int SAFEPOINT = 2;
    private static final int CLASSES = 3;
    private static final int DESCHEDULED = 4;
    private static final int APPLICATION = 5;
    /**
     * Seconds of descheduled time per barrier of the loop that the agent may give a window beyond
     * the program's reading of it: a barrier call under 1 ms hands its descheduled time (under 1 ms)
     * on to the next longer interval, and the agent reads the counter a few microseconds outside the
     * program's readings.
     */
    private static final double PER_BARRIER = 0.0015;

    /**
     * A heap too small for the allocation rate ({@code -Xmx48m}, 256 MB allocated per turn with
     * 16 MB of it alive at any time), with each of the three stop-the-world collectors: rank 0's
     * pause time is what its collectors' beans report within 5 % + 5 ms (the beans count whole
     * milliseconds, the counters nanoseconds, and young collections may come after the program
     * printed the beans), its last collection's cause is the collector's allocation-failure
     * cause, the waits its turns caused are named garbage collection for about as long as the
     * beans say its turns paused, and the report advises a larger heap.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "Serial, Allocation Failure",
        "Parallel, Allocation Failure|Ergonomics",
        "G1, G1 Evacuation Pause|G1 Compaction Pause|G1 Preventive Collection|Allocation Failure"
    })
    void aRankWhoseHeapIsTooSmallForItsAllocationRateIsNamedForGc(String collector, String causes, @TempDir Path tmp)
            throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = run(out, "alloc", "256", "-XX:+Use" + collector + "GC", "-Xmx48m");
        Map<Integer, long[]> ranks = own(result);
        long[] own = ranks.get(0);
        JsonNode profile = JobResults.in(out).profile().root;
        JsonNode jvm = perRank(profile, 0);
        double[] late = JvmCausesTest.causes(profile, 0, true);
        double[] sleeper = JvmCausesTest.causes(profile, 1, false);
        double[] sleeps = JvmCausesTest.causes(profile, 1, true);
        String seen = seen(late, sleeper, sleeps) + "; rank 0's beans: pause " + own[0] + " ms in " + own[1]
                + " collections, " + own[2] + " ms of it in its turns of " + own[3] + " ms; profile: "
                + jvm.get("gc_pause_s").asDouble() + " s in "
                + jvm.get("gc_count").asLong() + ", last cause "
                + jvm.optional("last_gc_cause").asStringOrNull() + descheduled(ranks);

        System.out.println("JvmCauseKindsTest " + seen); // the figures, for runs that pass too
        assertThat(own[1]).as("collections made by the allocation: %s", seen).isGreaterThan(10);
        assertThat(jvm.get("gc_pause_s").asDouble() * 1e3)
                .as(seen)
                .isCloseTo(own[0], org.assertj.core.data.Offset.offset(0.05 * own[0] + 5));
        assertThat(jvm.get("gc_count").asLong()).as(seen).isGreaterThanOrEqualTo(own[1]);
        assertThat(Arrays.asList(causes.split("\\|")))
                .as(seen)
                .contains(jvm.get("last_gc_cause").asString());

        // Rank 1 waited through each of rank 0's turns: the gc part of that waiting is the pause
        // time of those turns (0.7 of it at least: rank 1 may reach a barrier late itself on a
        // loaded machine, and wait less), and it is most of it.
        assertThat(late[GC] * 1e3).as(seen).isBetween(0.7 * own[2], 1.05 * own[2] + 5);
        assertThat(late[GC] / late[ALL]).as(seen).isGreaterThan(0.4);
        assertThat(late[CLASSES] / late[ALL]).as(seen).isLessThan(0.05);
        assertNoJvmCause(sleeper, sleeps, ranks.get(1), seen);

        String report = Files.readString(out.resolve("report.txt"));
        assertThat(report)
                .as(report)
                .containsPattern("\\d+ % of the job's waiting was caused by garbage collection on rank 0")
                .contains("its heap may be too small for its live set and allocation rate")
                .doesNotContain("caused by garbage collection on rank 1");
    }

    /**
     * A rank that defines and initialises 10000 generated classes in its first turn: the waits it
     * caused then are named class loading, for no more than its JVM's class loading time and at
     * least half of what it spent over rank 1's (which loaded the same program's classes only). The
     * JVM counts class loading in wall time, so on a loaded machine that includes time the loading
     * thread was descheduled, which the waits name descheduled where the two overlap (overlapping
     * parts are scaled down together): there the half is of class loading and descheduled together.
     */
    @Test
    void aRankThatLoadsThousandsOfClassesInItsFirstIterationIsNamedForClassLoading(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = run(out, "classes", "10000");
        Map<Integer, long[]> own = own(result);
        assertThat(own.get(0)[4] - own.get(1)[4])
                .as("classes rank 0 loaded more")
                .isGreaterThanOrEqualTo(10_000);
        JsonNode profile = JobResults.in(out).profile().root;
        double loading0 = perRank(profile, 0).get("class_loading_s").asDouble();
        double loading1 = perRank(profile, 1).get("class_loading_s").asDouble();
        double[] late = JvmCausesTest.causes(profile, 0, true);
        double[] sleeper = JvmCausesTest.causes(profile, 1, false);
        double[] sleeps = JvmCausesTest.causes(profile, 1, true);
        String seen = seen(late, sleeper, sleeps) + "; class loading s: rank 0 " + loading0 + ", rank 1 " + loading1
                + "; rank 0's turns " + own.get(0)[3] + " ms" + descheduled(own);

        System.out.println("JvmCauseKindsTest " + seen); // the figures, for runs that pass too
        assertThat(loading0 - loading1).as(seen).isGreaterThan(0.05);
        assertThat(late[CLASSES]).as(seen).isLessThanOrEqualTo(loading0);
        assertThat(late[CLASSES] + late[DESCHEDULED]).as(seen).isGreaterThanOrEqualTo(0.5 * (loading0 - loading1));
        // Of what rank 0's JVM and code took, class loading: a loaded machine descheduled it too, and
        // that is named descheduled, for no more than its thread lost in its windows by its own reading.
        assertThat(late[CLASSES] / (late[ALL] - late[DESCHEDULED])).as(seen).isGreaterThan(0.5);
        assertThat(late[DESCHEDULED]).as(seen).isLessThanOrEqualTo(ownDescheduled(own.get(0)));
        assertThat(late[GC] / late[ALL]).as(seen).isLessThan(0.2);
        assertNoJvmCause(sleeper, sleeps, own.get(1), seen);

        String report = Files.readString(out.resolve("report.txt"));
        assertThat(report)
                .as(report)
                .containsPattern("\\d+ % of the job's waiting was caused by class loading on rank 0")
                .contains("rank 0 loaded classes while others waited");
    }

    /**
     * A rank bound with {@code taskset} to one CPU that three busy processes share: the waits it
     * caused are named descheduled for most of their time (it had a quarter of the CPU at most, so
     * three quarters of its turns or more it was runnable but not running; asserted: half), and
     * its whole run's descheduled time is at least half of its turns' wall time. Rank 1, which
     * sleeps as long, is given no JVM or scheduling cause.
     */
    @Test
    void aRankSharingOneCpuWithBusyProcessesIsNamedDescheduled(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = run(out, "pinned", "60");
        Map<Integer, long[]> own = own(result);
        JsonNode profile = JobResults.in(out).profile().root;
        double descheduled0 = perRank(profile, 0).get("descheduled_s").asDouble();
        double[] late = JvmCausesTest.causes(profile, 0, true);
        double[] sleeper = JvmCausesTest.causes(profile, 1, false);
        double[] sleeps = JvmCausesTest.causes(profile, 1, true);
        String seen = seen(late, sleeper, sleeps) + "; rank 0 descheduled " + descheduled0 + " s, its turns "
                + own.get(0)[3] + " ms" + descheduled(own);

        System.out.println("JvmCauseKindsTest " + seen); // the figures, for runs that pass too
        assertThat(descheduled0 * 1e3).as(seen).isGreaterThan(0.5 * own.get(0)[3]);
        assertThat(late[DESCHEDULED] / late[ALL]).as(seen).isGreaterThan(0.5);
        assertThat(late[DESCHEDULED]).as(seen).isLessThanOrEqualTo(descheduled0 + 1e-3);
        assertNoJvmCause(sleeper, sleeps, own.get(1), seen);

        String report = Files.readString(out.resolve("report.txt"));
        assertThat(report)
                .as(report)
                .containsPattern("\\d+ % of the job's waiting was caused by descheduled on rank 0")
                .contains("rank 0 was runnable but not running");
    }

    /**
     * Waiting a sleeping rank caused ({@code sleeper}; {@code sleeps}, the part its windows between
     * barriers caused): the application's, none the JVM's. The scheduler's only as far as the
     * operating system descheduled it: on a loaded machine the sleeper is runnable but not running
     * for real (woken from its sleep, before it reaches the barrier), and in its windows that may be
     * named descheduled for no more than its own reading of them says ({@link #ownDescheduled}).
     * Where it was late still inside the barrier before (it returned from it after rank 0 had
     * reached the next), the part of that call's descheduled time the late stretch held is named
     * descheduled too: the program cannot read where in the call that was, so it is not bounded
     * here. Of the rest of all its waits, over 95 % is the application's.
     */
    private static void assertNoJvmCause(double[] sleeper, double[] sleeps, long[] own, String seen) {
        assertThat(sleeper[ALL]).as(seen).isGreaterThan(0.5 * TURNS * 0.15);
        assertThat(sleeps[DESCHEDULED]).as(seen).isLessThanOrEqualTo(ownDescheduled(own));
        assertThat((sleeper[GC] + sleeper[SAFEPOINT] + sleeper[CLASSES]) / (sleeper[ALL] - sleeper[DESCHEDULED]))
                .as(seen)
                .isLessThan(0.05);
    }

    /**
     * The seconds a rank's waits may be named descheduled: what its thread was runnable but not
     * running in its windows by the program's own reading, plus {@link #PER_BARRIER} for each of the
     * loop's barriers (seen: up to 3.8 ms over the reading in all, beside 3 busy loops), plus two
     * waits for a CPU as long as the program's mean one there: a wait that begins between the
     * agent's reading and the program's, microseconds apart, is counted by the agent alone, and
     * takes as long as any (seen once: 18 ms on the rank that shared its CPU with 3 busy processes).
     */
    private static double ownDescheduled(long[] own) {
        return own[5] / 1e6 + 2 * TURNS * PER_BARRIER + 2 * own[5] / 1e6 / Math.max(1, own[6]);
    }

    private static String descheduled(Map<Integer, long[]> own) {
        return "; descheduled in their windows by their own reading: rank 0 " + own.get(0)[5] / 1e6 + " s in "
                + own.get(0)[6] + " slices, rank 1 " + own.get(1)[5] / 1e6 + " s in " + own.get(1)[6] + " slices";
    }

    private static JobResult run(Path out, String kind, String amount, String... jvmOptions) throws Exception {
        MpiJob.Builder job = AgentJob.plain(AgentJob.SAMPLES + "waits.JvmCauses", 2)
                .jvmOption(AgentJob.agentOption("tools=profiler,tracer"))
                .env("QMPI4J_OUTPUT", out.toString())
                .args(kind, Integer.toString(TURNS), amount, "150");
        for (String o : jvmOptions) {
            job.jvmOption(o);
        }
        JobResult result = AgentJob.run(job);
        AgentJob.assertOk(result, 2);
        return result;
    }

    /**
     * Each rank's own figures: pause ms, collections, pause ms in rank 0's turns, turns ms, classes,
     * µs its thread was runnable but not running in its windows (from each barrier's return to the next
     * one's call), and the times it was switched in to run there.
     */
    private static Map<Integer, long[]> own(JobResult result) {
        Map<Integer, long[]> own = new HashMap<>();
        for (String line : AgentJob.markerLines(result, "QMPI4J-JVM")) {
            Matcher m = OWN.matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            long[] v = new long[7];
            for (int i = 0; i < v.length; i++) {
                v[i] = Long.parseLong(m.group(2 + i));
            }
            own.put(Integer.parseInt(m.group(1)), v);
        }
        assertThat(own).as(result.describe()).containsOnlyKeys(0, 1);
        return own;
    }

    private static JsonNode perRank(JsonNode profile, int rank) throws Exception {
        List<JsonNode> ranks = profile.get("time").get("per_rank").elements();
        return ranks.get(rank).get("jvm");
    }

    private static String seen(double[] late, double[] sleeper, double[] sleeps) {
        return "rank 0 " + Arrays.toString(late) + ", rank 1 " + Arrays.toString(sleeper) + " (between barriers "
                + Arrays.toString(sleeps) + ")"
                + " (seconds, gc, safepoint, class_loading, descheduled, application)";
    }
}
