package org.qmpi4j.cli;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.fixtures.simjob.SimulatedFolder;
import org.qmpi4j.fixtures.simjob.SimulatedTraces;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.formats.profile.JvmSummary;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.waits.DelayCauses;
import org.qmpi4j.formats.waits.Interval;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * {@code qmpi4j merge} of a simulated folder with every rank's profile and shard
 * ({@link SimulatedFolder}, the folder {@code scripts/bench-scale.sh} times at scale with
 * {@code STEPS}): the merged profile has every rank with its {@code jvm}, exactly the injected wait
 * states, the garbage-collection pauses as their delays' {@code causes}, and the iterations.
 */
class MergeOfSimulatedFolderTest {
    private static final int RANKS = 256;
    private static final int STEPS = 40;

    @TempDir
    Path dir;

    @Test
    void ranksJvmWaitsCausesAndIterationsAreAllThereExactly() throws Exception {
        SimulatedFolder folder = new SimulatedFolder(RANKS, STEPS);
        folder.write(dir);
        SimulatedTraces traces = folder.traces();
        StringWriter err = new StringWriter();
        int exit = Qmpi4jCommand.execute(
                new String[] {"merge", dir.toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(exit).as(err.toString()).isZero();
        assertThat(err.toString()).contains("profile of " + RANKS + " of " + RANKS + " ranks");

        String json = Files.readString(dir.resolve("profile.json"));
        JsonNode root = JsonNode.parse(json);
        assertThat(root.has("iterations")).isTrue();
        List<JsonNode> perRank = root.get("time").get("per_rank").elements();
        assertThat(perRank).hasSize(RANKS);
        assertThat(perRank).allSatisfy(r -> assertThat(r.has("jvm")).isTrue());
        Profile merged = ProfileFormat.read(json);

        // Every rank's JVM summary: its shard's collections, 5 ms each.
        int[] collections = traces.collections();
        long pauses = 0;
        for (Profile.RankSummary r : merged.rankSummaries()) {
            JvmSummary j = requireNonNull(r.jvm(), "jvm of rank " + r.rank());
            assertThat(j.gcCount()).as("collections of rank %d", r.rank()).isEqualTo(collections[r.rank()]);
            assertThat(j.gcPauseNs()).isEqualTo(collections[r.rank()] * SimulatedTraces.LATE_NXN_NS);
            pauses += j.gcCount();
        }
        assertThat(pauses)
                .as("one collection per late step (every fifth from step 1)")
                .isEqualTo(STEPS / 5);

        // Exactly the injected waits.
        WaitReport waits = requireNonNull(merged.waits(), "waits");
        assertThat(waits.problems()).isEmpty();
        Map<String, String> found = new TreeMap<>();
        for (WaitReport.WaitState w : waits.waits()) {
            found.put(w.pattern().id() + " " + w.rank(), w.ns() + " ns x" + w.instances() + " peer " + w.peer());
        }
        Map<String, String> expected = new TreeMap<>();
        traces.expected().forEach((k, v) -> expected.put(k, v[0] + " ns x" + v[1] + " peer " + v[2]));
        assertThat(found).isEqualTo(expected);

        // Causes: every delay has them; the late ranks' computation before the allreduce held a 5 ms
        // pause in its 6 ms, so 5/6 of the waiting it caused (5 ms for each of the other ranks) went
        // to garbage collection; no other delay had any.
        long gcNs = 0;
        long gcCount = 0;
        long waitedForLateRanks = 0;
        for (WaitReport.Delay d : waits.delays()) {
            DelayCauses c = requireNonNull(d.causes(), "causes");
            assertThat(c.totalNs()).isEqualTo(d.ns());
            boolean paused = d.interval().kind() == Interval.Kind.COMPUTATION
                    && collections[d.interval().rank()] > 0
                    && "MPI_ALLREDUCE".equals(d.interval().function());
            if (paused) {
                waitedForLateRanks += d.ns();
            } else {
                assertThat(c.ns(DelayCauses.Cause.GC))
                        .as("gc in %s", d.interval())
                        .isZero();
            }
            gcNs += c.ns(DelayCauses.Cause.GC);
            gcCount += c.count(DelayCauses.Cause.GC);
        }
        long lateSteps = STEPS / 5;
        // (at least: a late rank may also send late in another step, whose waits its same interval holds)
        assertThat(waitedForLateRanks).isGreaterThanOrEqualTo(lateSteps * (RANKS - 1) * SimulatedTraces.LATE_NXN_NS);
        long stretch = SimulatedTraces.COMPUTE_NS + SimulatedTraces.LATE_NXN_NS;
        long perWait = (long) (SimulatedTraces.LATE_NXN_NS
                * ((double) SimulatedTraces.LATE_NXN_NS / stretch)); // each wait's share, in whole ns
        assertThat(gcNs).isEqualTo(lateSteps * (RANKS - 1) * perWait);
        assertThat(gcCount).isPositive();
        assertThat(json).contains("\"causes\"");

        // The iterations: one per step, each ending at the allreduce.
        Iterations it = requireNonNull(merged.iterations(), "iterations");
        assertThat(it.found()).as(it.reason()).isTrue();
        assertThat(it.count()).isEqualTo(STEPS);
        assertThat(requireNonNull(it.boundary()).function()).isEqualTo("MPI_ALLREDUCE");
        assertThat(err.toString()).contains("iterations: " + STEPS);
    }
}
