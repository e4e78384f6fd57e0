package org.qmpi4j.report.iterations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.profile.Iterations;

/** Time per iteration, the slowest iteration and rank, the warm-up and steady state, the series' ranges. */
class IterationTimesTest {
    private static final int INIT = 1;
    private static final int SENDRECV = 10;
    private static final int ALLREDUCE = 11;

    /**
     * A bulk-synchronous loop: every rank computes {@code ms[i][r]}, then all wait for the slowest
     * in the allreduce (its MPI time is the wait).
     */
    private static Iterations run(double[][] ms) throws IOException {
        int ranks = ms[0].length;
        SyntheticCalls s = new SyntheticCalls(ranks).everyRank(INIT, 1);
        for (double[] iteration : ms) {
            double slowest = 0;
            for (double v : iteration) {
                slowest = Math.max(slowest, v);
            }
            s.everyRank(SENDRECV, 0.1);
            for (int r = 0; r < ranks; r++) {
                s.compute(r, iteration[r]).call(r, ALLREDUCE, 0.05 + slowest - iteration[r]);
            }
        }
        Iterations it = IterationFinder.find(s, "auto");
        assertNotNull(it);
        assertTrue(it.found(), it.reason());
        return it;
    }

    private static double[][] steady(int n, int ranks, double ms, double noise, long seed) {
        Random random = new Random(seed);
        double[][] t = new double[n][ranks];
        for (int i = 0; i < n; i++) {
            for (int r = 0; r < ranks; r++) {
                t[i][r] = ms + noise * random.nextGaussian();
            }
        }
        return t;
    }

    @Test
    void aSpikeOnOneRankIsTheSlowestIterationWithThatRank() throws IOException {
        double[][] t = steady(40, 4, 5, 0.3, 1);
        t[24][1] += 300; // iteration 25, rank 1
        Iterations it = run(t);
        Iterations.Slowest s = it.slowest();
        assertNotNull(s);
        assertEquals(25, s.iteration());
        assertEquals(1, s.rank());
        assertEquals(0.305, s.wall(), 0.003);
        assertEquals(1, it.series().get(24).slowestRank());
        Iterations.Steady st = it.steady();
        assertNotNull(st);
        assertEquals(1, st.spikes());
        assertEquals(0, Objects.requireNonNull(it.warmup()).iterations());
    }

    @Test
    void theSlowestIterationIsTheSpikeNotAFirstIterationSlowedByStartUp() throws IOException {
        double[][] t = steady(40, 4, 5, 0.3, 2);
        t[0][2] += 500; // iteration 1: a loaded machine's first calls
        t[24][1] += 300; // iteration 25, rank 1
        Iterations it = run(t);
        assertEquals(1, Objects.requireNonNull(it.warmup()).iterations());
        Iterations.Slowest s = it.slowest();
        assertNotNull(s);
        assertEquals(25, s.iteration());
        assertEquals(1, s.rank());
        assertEquals(0.505, it.series().get(0).wallMax(), 0.003);
    }

    @Test
    void aWarmUpMadeByConstructionIsFoundExactly() throws IOException {
        double[][] t = steady(60, 2, 5, 0.2, 2);
        for (int i = 0; i < 12; i++) {
            for (int r = 0; r < 2; r++) {
                t[i][r] = 15;
            }
        }
        Iterations it = run(t);
        Iterations.WarmUp w = it.warmup();
        assertNotNull(w);
        assertEquals(12, w.iterations());
        assertEquals(3.0, w.slowdown(), 0.2);
        assertEquals(13, Objects.requireNonNull(it.steady()).first());
        assertEquals(5.15e-3, Objects.requireNonNull(it.steady()).median(), 0.3e-3);
    }

    @Test
    void aNoisySteadyStateDoesNotLengthenTheWarmUp() throws IOException {
        // a loaded machine: iterations of 5 ms +- 1.5 ms; the warm-up, 5 iterations of 40 ms
        double[][] t = steady(200, 2, 5, 1.5, 3);
        for (int i = 0; i < 5; i++) {
            t[i][0] = 40;
            t[i][1] = 40;
        }
        Iterations it = run(t);
        assertEquals(5, Objects.requireNonNull(it.warmup()).iterations());
    }

    @Test
    void oneSlowIterationJustAfterTheWarmUpDoesNotLengthenIt() throws IOException {
        // as measured on a loaded machine: 10 iterations of 160 ms, then 40 ms, iteration 12 took 57
        double[][] t = steady(30, 2, 40, 0.5, 6);
        for (int i = 0; i < 10; i++) {
            t[i][0] = 160;
            t[i][1] = 160;
        }
        t[11][0] = 57;
        Iterations it = run(t);
        assertEquals(10, Objects.requireNonNull(it.warmup()).iterations());
        assertEquals(1, Objects.requireNonNull(it.steady()).spikes());
        assertEquals(11, Objects.requireNonNull(it.steady()).first());
    }

    @Test
    void twoSlowIterationsJustAfterTheWarmUpDoNotLengthenIt() throws IOException {
        // a CPU hog beside the job: 10 iterations of 160 ms, then 40 ms, iterations 11 and 12 took 55 and 57
        double[][] t = steady(30, 2, 40, 0.5, 7);
        for (int i = 0; i < 10; i++) {
            t[i][0] = 160;
            t[i][1] = 160;
        }
        t[10][1] = 55;
        t[11][0] = 57;
        Iterations it = run(t);
        assertEquals(10, Objects.requireNonNull(it.warmup()).iterations());
        assertEquals(2, Objects.requireNonNull(it.steady()).spikes());
        assertEquals(11, Objects.requireNonNull(it.steady()).first());
    }

    @Test
    void aWarmUpThatFallsGraduallyKeepsItsLastSteps() throws IOException {
        double[][] t = steady(40, 2, 42, 0.3, 8);
        double[] ramp = {100, 80, 65, 55};
        for (int i = 0; i < ramp.length; i++) {
            t[i][0] = ramp[i];
            t[i][1] = ramp[i];
        }
        Iterations it = run(t);
        assertEquals(4, Objects.requireNonNull(it.warmup()).iterations());
    }

    @Test
    void aLaterSpikeIsNotAWarmUp() throws IOException {
        double[][] t = steady(30, 2, 5, 0.1, 4);
        t[20][0] = 200;
        Iterations it = run(t);
        assertEquals(0, Objects.requireNonNull(it.warmup()).iterations());
        assertEquals(21, Objects.requireNonNull(it.slowest()).iteration());
    }

    @Test
    void longRunsGetRangesThatKeepTheSpike() throws IOException {
        double[][] t = steady(2500, 2, 1, 0.05, 5);
        t[1234][1] = 50; // iteration 1235
        Iterations it = run(t);
        assertEquals(2500, it.count());
        assertTrue(
                it.series().size() <= Iterations.SERIES_LIMIT,
                "entries: " + it.series().size());
        long next = 1;
        Iterations.Span withSpike = null;
        for (Iterations.Span s : it.series()) {
            assertEquals(next, s.first());
            next = s.last() + 1;
            if (s.first() <= 1235 && 1235 <= s.last()) {
                withSpike = s;
            }
        }
        assertEquals(2501, next);
        assertNotNull(withSpike);
        assertEquals(0.050, withSpike.wallMax(), 0.001);
        assertEquals(1, withSpike.slowestRank());
        assertEquals(1235, Objects.requireNonNull(it.slowest()).iteration());
    }

    /** Two ranks, four iterations of sendrecv, compute 5 ms, allreduce; waits set by hand. */
    private static SyntheticCalls fourIterationsWithWaits() {
        SyntheticCalls s = new SyntheticCalls(2).everyRank(INIT, 1).waited(1, 0.7); // set-up: not counted
        for (int i = 1; i <= 4; i++) {
            s.everyRank(SENDRECV, 0.1);
            if (i == 3) {
                s.waited(0, 0.5);
            }
            s.computeEveryRank(5).everyRank(ALLREDUCE, 0.05);
            if (i == 1) {
                s.waited(0, 2);
            } else if (i == 3) {
                s.waited(1, 1);
            }
        }
        return s.everyRank(INIT, 0.2).waited(0, 9); // tear-down: not counted
    }

    @Test
    void eachEntrysWaitMeanIsTheWaitsInItsIterationsOverRanksAndIterations() throws IOException {
        SyntheticCalls s = fourIterationsWithWaits();
        Iterations it = Objects.requireNonNull(IterationFinder.find(s, "auto", s.waits));
        assertNotNull(it);
        assertEquals(4, it.count());
        double[] expected = {2e-3 / 2, 0, (0.5e-3 + 1e-3) / 2, 0};
        for (int i = 0; i < 4; i++) {
            assertEquals(expected[i], it.series().get(i).waitMean(), 1e-12, "iteration " + (i + 1));
        }
        Iterations without = Objects.requireNonNull(IterationFinder.find(s, "auto"));
        assertTrue(Double.isNaN(without.series().get(0).waitMean()));
    }

    @Test
    void anEntryCoveringARangeAveragesItsWaitsOverItsIterations() throws IOException {
        SyntheticCalls s = new SyntheticCalls(2).everyRank(INIT, 1);
        for (int i = 1; i <= 2 * Iterations.SERIES_LIMIT; i++) {
            s.everyRank(SENDRECV, 0.1).computeEveryRank(1).everyRank(ALLREDUCE, 0.05);
            if (i == 2) {
                s.waited(0, 4);
            }
            if (i == 1999) {
                s.waited(1, 2).waited(0, 1);
            }
        }
        Iterations it = Objects.requireNonNull(IterationFinder.find(s, "auto", s.waits));
        assertEquals(Iterations.SERIES_LIMIT, it.series().size());
        assertEquals(1, it.series().get(0).first());
        assertEquals(2, it.series().get(0).last());
        assertEquals(4e-3 / (2 * 2), it.series().get(0).waitMean(), 1e-12);
        assertEquals(3e-3 / (2 * 2), it.series().get(999).waitMean(), 1e-12);
        assertEquals(0, it.series().get(500).waitMean(), 0);
    }

    /** 40 iterations of 5 ms on 2 ranks; spikes made by construction with the JVM's records. */
    @Test
    void spikesAreMarkedWithTheirCauseWhereTheTraceTells() throws IOException {
        SyntheticCalls s = new SyntheticCalls(2).everyRank(INIT, 1);
        for (int i = 1; i <= 40; i++) {
            s.everyRank(SENDRECV, 0.1);
            double[] compute = {5, 5};
            if (i == 10 || i == 20) {
                compute[1] = 45; // rank 1 late by 40 ms
            }
            // iterations 30 and 35: both ranks 40 ms longer inside the allreduce (a slow network)
            double stuck = i == 30 || i == 35 ? 40 : 0;
            for (int r = 0; r < 2; r++) {
                s.compute(r, compute[r])
                        .call(r, ALLREDUCE, 0.05 + stuck + Math.max(compute[0], compute[1]) - compute[r]);
            }
            if (i == 10) {
                s.jvm(1, 0, 30, 0); // a 30 ms collection before rank 1's allreduce
                s.waited(0, 40);
            } else if (i == 20) {
                s.waited(0, 40); // rank 1 computed 40 ms longer, no pause: rank 0 waited for its work
            } else if (i == 25) {
                s.jvm(0, 4, 1, 0); // 1 ms descheduled: no spike
            } else if (i == 30) {
                s.waited(0, 40); // the analysis counted rank 0's time in the allreduce as waiting
            } else if (i == 35) {
                // no wait counted, and rank 0 descheduled 40 ms inside its allreduce (while it
                // waited): a pause inside MPI delays nobody, so no cause
                s.jvm(0, 4, 0, 40);
            }
        }
        Iterations it = Objects.requireNonNull(IterationFinder.find(s, "auto", s.waits));
        assertEquals(4, Objects.requireNonNull(it.steady()).spikes());
        assertEquals(4, it.spikes().size());
        Iterations.Spike gc = it.spikes().get(0);
        assertEquals(10, gc.iteration());
        assertEquals(1, gc.rank());
        assertEquals("gc", gc.cause());
        assertEquals(1, gc.causeRank());
        assertEquals(0.030, gc.causeSeconds(), 1e-12);
        assertEquals(0.04515, gc.wall(), 1e-9);
        Iterations.Spike work = it.spikes().get(1);
        assertEquals(20, work.iteration());
        assertEquals("application", work.cause(), "rank 1's own work, not rank 0's wait, which is its effect");
        assertEquals(1, work.causeRank());
        assertEquals(0.040, work.causeSeconds(), 1e-9);
        Iterations.Spike wait = it.spikes().get(2);
        assertEquals(30, wait.iteration());
        assertEquals("wait", wait.cause());
        assertEquals(0, wait.causeRank());
        assertEquals(0.040, wait.causeSeconds(), 1e-12);
        Iterations.Spike unknown = it.spikes().get(3);
        assertEquals(35, unknown.iteration());
        assertEquals(null, unknown.cause());
        assertEquals(-1, unknown.causeRank());
    }

    @Test
    void aPauseShorterThanHalfTheSpikeIsNotItsCause() throws IOException {
        SyntheticCalls s = new SyntheticCalls(2).everyRank(INIT, 1);
        for (int i = 1; i <= 30; i++) {
            s.everyRank(SENDRECV, 0.1);
            double late = i == 15 ? 40 : 0;
            s.compute(0, 5 + late).call(0, ALLREDUCE, 0.05).compute(1, 5).call(1, ALLREDUCE, 0.05 + late);
            if (i == 15) {
                s.jvm(0, 2, 19, 0); // a 19 ms safepoint: less than half of the 40 ms above the median
            }
        }
        Iterations it = Objects.requireNonNull(IterationFinder.find(s, "auto", s.waits));
        assertEquals(1, it.spikes().size());
        assertEquals(15, it.spikes().get(0).iteration());
        assertEquals("application", it.spikes().get(0).cause(), "rank 0's 40 ms more outside MPI, not the safepoint");
        assertEquals(0, it.spikes().get(0).causeRank());
    }

    @Test
    void beyondTheWaitsItHoldsTheWaitMeansAreUnknownNotWrong() {
        RankWaits w = new RankWaits(org.qmpi4j.report.waits.WaitAnalysis.NOBODY, 3);
        w.add(0, 10, 1);
        w.add(1, 10, 1);
        w.add(0, 5, 2);
        assertTrue(w.complete());
        assertEquals(4, w.of(0).length);
        assertEquals(5, w.of(0)[0]); // in order of entry
        w.add(1, 20, 1);
        assertTrue(!w.complete());
        assertEquals(0, w.of(0).length);
    }
}
