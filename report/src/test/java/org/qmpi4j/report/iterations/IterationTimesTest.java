package org.qmpi4j.report.iterations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
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
        assertEquals(0, it.warmup().iterations());
    }

    @Test
    void theSlowestIterationIsTheSpikeNotAFirstIterationSlowedByStartUp() throws IOException {
        double[][] t = steady(40, 4, 5, 0.3, 2);
        t[0][2] += 500; // iteration 1: a loaded machine's first calls
        t[24][1] += 300; // iteration 25, rank 1
        Iterations it = run(t);
        assertEquals(1, it.warmup().iterations());
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
        assertEquals(13, it.steady().first());
        assertEquals(5.15e-3, it.steady().median(), 0.3e-3);
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
        assertEquals(5, it.warmup().iterations());
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
        assertEquals(10, it.warmup().iterations());
        assertEquals(1, it.steady().spikes());
        assertEquals(11, it.steady().first());
    }

    @Test
    void aLaterSpikeIsNotAWarmUp() throws IOException {
        double[][] t = steady(30, 2, 5, 0.1, 4);
        t[20][0] = 200;
        Iterations it = run(t);
        assertEquals(0, it.warmup().iterations());
        assertEquals(21, it.slowest().iteration());
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
        assertEquals(1235, it.slowest().iteration());
    }
}
