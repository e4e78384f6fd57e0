package org.qmpi4j.report.iterations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.profile.Iterations;

/** The rule that finds the main loop, on call sequences made by hand for each case it must decide. */
class IterationRuleTest {
    private static final int INIT = 1;
    private static final int BCAST = 2;
    private static final int SENDRECV = 10;
    private static final int ALLREDUCE = 11;
    private static final int BARRIER = 20;

    /** Set-up, {@code n} iterations of exchange, compute and allreduce, tear-down, on {@code ranks} ranks. */
    private static SyntheticCalls solver(int ranks, int n) {
        SyntheticCalls s = new SyntheticCalls(ranks).everyRank(INIT, 1).everyRank(BCAST, 0.1);
        for (int i = 0; i < n; i++) {
            s.everyRank(SENDRECV, 0.2).computeEveryRank(5).everyRank(ALLREDUCE, 0.1);
        }
        return s.everyRank(BARRIER, 0.1);
    }

    private static Iterations find(CallSource s) throws IOException {
        Iterations it = IterationFinder.find(s, "auto");
        assertNotNull(it);
        return it;
    }

    @Test
    void aPlainLoopEndsAtItsLastCallAndCountsItsIterations() throws IOException {
        Iterations it = find(solver(4, 40));
        assertTrue(it.found(), it.reason());
        assertEquals(40, it.count());
        assertEquals(SyntheticCalls.site(ALLREDUCE), it.boundary());
        assertEquals(40, it.series().size());
        assertEquals(1, it.series().get(0).first());
        assertEquals(40, it.series().get(39).last());
        // every iteration: 0.2 + 5 + 0.1 ms, 0.3 of them in MPI
        assertEquals(5.3e-3, it.series().get(10).wallMax(), 1e-9);
        assertEquals(0.3e-3, it.series().get(10).mpiMean(), 1e-9);
        // the first one starts after the set-up bcast, not at MPI_Init
        assertEquals(5.3e-3, it.series().get(0).wallMax(), 1e-9);
    }

    @Test
    void nestedLoopsGiveTheOuterLoop() throws IOException {
        SyntheticCalls s = new SyntheticCalls(3).everyRank(INIT, 1);
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 5; j++) {
                s.everyRank(SENDRECV, 0.1).computeEveryRank(1);
            }
            s.everyRank(ALLREDUCE, 0.1);
        }
        Iterations it = find(s);
        assertEquals(10, it.count());
        assertEquals(SyntheticCalls.site(ALLREDUCE), it.boundary());
    }

    @Test
    void anInnerLoopAtTheEndOfTheBodyGivesNoneRatherThanAWrongCount() throws IOException {
        SyntheticCalls s = new SyntheticCalls(2).everyRank(INIT, 1);
        for (int i = 0; i < 8; i++) {
            s.everyRank(ALLREDUCE, 0.1);
            for (int j = 0; j < 4; j++) {
                s.everyRank(SENDRECV, 0.1).computeEveryRank(1);
            }
        }
        // the outer loop's only own call opens the body, the inner loop ends it: no call ends every
        // iteration, and the inner loop's call must not be taken for the loop (a known limit)
        Iterations it = find(s);
        assertFalse(it.found());
    }

    @Test
    void aShortSetUpLoopBeforeTheMainLoopIsSetUp() throws IOException {
        SyntheticCalls s = new SyntheticCalls(2).everyRank(INIT, 1);
        for (int p = 0; p < 3; p++) {
            s.everyRank(BCAST, 0.1);
        }
        for (int i = 0; i < 50; i++) {
            s.everyRank(SENDRECV, 0.1).computeEveryRank(1).everyRank(ALLREDUCE, 0.1);
        }
        Iterations it = find(s);
        assertEquals(50, it.count());
        assertEquals(SyntheticCalls.site(ALLREDUCE), it.boundary());
    }

    @Test
    void twoLoopsOneAfterTheOtherGiveNone() throws IOException {
        SyntheticCalls s = new SyntheticCalls(2).everyRank(INIT, 1);
        for (int i = 0; i < 10; i++) {
            s.everyRank(SENDRECV, 0.1).computeEveryRank(1);
        }
        for (int i = 0; i < 20; i++) {
            s.everyRank(ALLREDUCE, 0.1).computeEveryRank(1);
        }
        Iterations it = find(s);
        assertFalse(it.found());
        assertTrue(it.reason().contains("loops one after another"), it.reason());
    }

    @Test
    void masterWorkerWithUnequalCountsGivesNone() throws IOException {
        SyntheticCalls s = new SyntheticCalls(3).everyRank(INIT, 1);
        int[] tasks = {0, 7, 5};
        for (int t = 0; t < 12; t++) {
            s.call(0, 30, 0.1); // master hands out a task
        }
        for (int w = 1; w < 3; w++) {
            for (int t = 0; t < tasks[w]; t++) {
                s.call(w, 31, 0.1).compute(w, 2).call(w, 32, 0.1);
            }
        }
        s.everyRank(BARRIER, 0.1);
        Iterations it = find(s);
        assertFalse(it.found());
        assertTrue(it.reason().contains("ranks doing different work"), it.reason());
    }

    @Test
    void masterWorkerRoundsThatEveryRankJoinsAreCounted() throws IOException {
        SyntheticCalls s = new SyntheticCalls(3).everyRank(INIT, 1);
        for (int round = 0; round < 6; round++) {
            s.call(0, 30, 0.1).call(0, 30, 0.1); // two sends to the workers: only rank 0's site
            s.call(1, 31, 0.1).call(2, 31, 0.1).computeEveryRank(3);
            s.everyRank(ALLREDUCE, 0.1); // the round's result, every rank
        }
        Iterations it = find(s);
        assertEquals(6, it.count());
        assertEquals(SyntheticCalls.site(ALLREDUCE), it.boundary());
    }

    @Test
    void ranksThatTakeDifferentSitesInTheBodyStillAgreeOnTheLoop() throws IOException {
        SyntheticCalls s = new SyntheticCalls(4).everyRank(INIT, 1);
        for (int i = 0; i < 12; i++) {
            for (int r = 0; r < 4; r++) {
                if (r % 2 == 0) {
                    s.call(r, 40, 0.1).call(r, 41, 0.1); // even ranks send then receive
                } else {
                    s.call(r, 42, 0.1).call(r, 43, 0.1); // odd ranks the other way round
                }
            }
            s.computeEveryRank(2).everyRank(ALLREDUCE, 0.1);
        }
        Iterations it = find(s);
        assertEquals(12, it.count());
    }

    @Test
    void noLoopGivesNone() throws IOException {
        SyntheticCalls s = new SyntheticCalls(2).everyRank(INIT, 1).everyRank(BCAST, 0.1);
        s.everyRank(SENDRECV, 0.1).everyRank(SENDRECV, 0.1).everyRank(BARRIER, 0.1);
        Iterations it = find(s);
        assertFalse(it.found());
        assertNull(it.boundary());
        assertEquals(0, it.count());
    }

    @Test
    void aNamedBoundaryIsTakenEvenInsideAnInnerLoop() throws IOException {
        SyntheticCalls s = new SyntheticCalls(2).everyRank(INIT, 1);
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 5; j++) {
                s.everyRank(SENDRECV, 0.1).computeEveryRank(1);
            }
            s.everyRank(ALLREDUCE, 0.1);
        }
        Iterations it = IterationFinder.find(s, "Solver:" + SENDRECV);
        assertNotNull(it);
        assertEquals(50, it.count());
        assertEquals(SyntheticCalls.site(SENDRECV), it.boundary());
        assertTrue(it.reason().contains("named"), it.reason());
    }

    @Test
    void aNamedBoundaryNoRankCallsGivesNone() throws IOException {
        Iterations it = IterationFinder.find(solver(2, 10), "Solver:999");
        assertNotNull(it);
        assertFalse(it.found());
    }

    @Test
    void offDoesNotLookAndNonsenseIsRefused() throws IOException {
        assertNull(IterationFinder.find(solver(2, 10), "off"));
        assertThrows(IllegalArgumentException.class, () -> IterationFinder.find(solver(2, 10), "Solver"));
    }
}
