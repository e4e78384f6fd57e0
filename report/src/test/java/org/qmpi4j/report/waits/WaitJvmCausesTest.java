package org.qmpi4j.report.waits;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.DelayCauses;
import org.qmpi4j.formats.waits.DelayCauses.Cause;
import org.qmpi4j.formats.waits.Interval;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * Delays split into what the JVM took and what the application did, on timelines made by
 * construction (times in ms) whose shares are worked out by hand: the late window's share of each
 * pause, pauses inside an MPI call, the sum equal to the delay, nothing claimed where nothing was.
 */
class WaitJvmCausesTest {
    private static final long MS = 1_000_000;
    private static final CallSite INIT = new CallSite("A", "main", "A.java", 10);
    private static final CallSite COLL = new CallSite("A", "main", "A.java", 40);
    private static final CallSite RANK = new CallSite("A", "main", "A.java", 50);
    private static final long[] NOTHING = new long[10];

    private final List<WaitEvent> events = new ArrayList<>();

    private WaitEvent call(int rank, String f, CallSite site, long enterMs, long exitMs) {
        WaitEvent e = WaitEvent.call(rank, f, site, enterMs * MS, exitMs * MS);
        events.add(e);
        return e;
    }

    /** JVM numbers: before the call (gc, collections, safepoint, class loading, descheduled), then inside it. */
    private static long[] jvm(
            long gcMs, long collections, long safepointMs, long classMs, long deschedMs, long inGcMs) {
        return new long[] {
            gcMs * MS,
            collections,
            safepointMs * MS,
            classMs * MS,
            deschedMs * MS,
            inGcMs * MS,
            inGcMs > 0 ? 1 : 0,
            0,
            0,
            0
        };
    }

    private WaitReport analyse() throws Exception {
        Map<Integer, List<WaitEvent>> byRank = new TreeMap<>();
        for (WaitEvent e : events) {
            byRank.computeIfAbsent(e.rank(), r -> new ArrayList<>()).add(e);
        }
        Map<Integer, WaitAnalysis.RankEvents> sources = new TreeMap<>();
        byRank.forEach((r, list) -> {
            Iterator<WaitEvent> it = list.iterator();
            sources.put(r, () -> it.hasNext() ? it.next() : null);
        });
        return WaitAnalysis.analyse(sources, WaitAnalysis.DEFAULT_NOISE_FLOOR_NS);
    }

    private static WaitReport.Delay delay(WaitReport r, Interval i) {
        for (WaitReport.Delay d : r.delays()) {
            if (d.interval().equals(i)) {
                return d;
            }
        }
        throw new AssertionError("no delay of " + i + " in " + r.delays().size() + " delays");
    }

    private static double ms(DelayCauses c, Cause k) {
        return c.ns(k) / (double) MS;
    }

    private static void sumsTo(DelayCauses c, long ns) {
        assertThat(c.totalNs()).isEqualTo(ns);
    }

    @Test
    void aCollectionInTheLateRanksComputationIsGivenItsShareOfTheLateWindow() throws Exception {
        call(0, "MPI_INIT", INIT, 0, 1).jvm(NOTHING);
        call(1, "MPI_INIT", INIT, 0, 1).jvm(NOTHING);
        call(0, "MPI_BARRIER", COLL, 10, 101).collective("world", 2, 0, -1).jvm(NOTHING);
        // Rank 1 computed from 1 to 100: 60 ms of it two collections, 10 ms class loading.
        call(1, "MPI_BARRIER", COLL, 100, 101).collective("world", 2, 0, -1).jvm(jvm(60, 2, 0, 10, 0, 0));
        WaitReport r = analyse();
        WaitReport.Delay d =
                delay(r, new Interval(1, Interval.Kind.COMPUTATION, "MPI_BARRIER", COLL, "MPI_INIT", INIT));
        assertThat(d.ns()).isEqualTo(90 * MS);
        DelayCauses c = requireNonNull(d.causes());
        assertThat(c).isNotNull();
        // The late window is the last 90 of the 99 ms: 90/99 of each.
        assertThat(ms(c, Cause.GC)).isCloseTo(60 * 90 / 99.0, within(0.01));
        assertThat(c.count(Cause.GC)).isEqualTo(2);
        assertThat(ms(c, Cause.CLASS_LOADING)).isCloseTo(10 * 90 / 99.0, within(0.01));
        assertThat(ms(c, Cause.SAFEPOINT)).isZero();
        assertThat(ms(c, Cause.DESCHEDULED)).isZero();
        assertThat(ms(c, Cause.APPLICATION)).isCloseTo(90 - 70 * 90 / 99.0, within(0.01));
        assertThat(c.largestJvmCause()).isEqualTo(Cause.GC);
        sumsTo(c, d.ns());
        // The critical path runs through rank 1's computation: all its 99 ms, all 60 ms of collection.
        WaitReport.PathStep step = r.criticalPath().stream()
                .filter(p -> p.interval().equals(d.interval()))
                .findFirst()
                .orElseThrow();
        DelayCauses stepCauses = requireNonNull(step.causes());
        assertThat(stepCauses.ns(Cause.GC)).isEqualTo(60 * MS);
        sumsTo(stepCauses, step.ns());
    }

    @Test
    void aRankThatOnlyComputedIsAllApplication() throws Exception {
        call(0, "MPI_INIT", INIT, 0, 1).jvm(NOTHING);
        call(1, "MPI_INIT", INIT, 0, 1).jvm(NOTHING);
        call(0, "MPI_BARRIER", COLL, 10, 101).collective("world", 2, 0, -1).jvm(jvm(3, 1, 1, 0, 0, 0));
        call(1, "MPI_BARRIER", COLL, 100, 101).collective("world", 2, 0, -1).jvm(NOTHING);
        WaitReport r = analyse();
        DelayCauses c = requireNonNull(
                delay(r, new Interval(1, Interval.Kind.COMPUTATION, "MPI_BARRIER", COLL, "MPI_INIT", INIT))
                        .causes());
        assertThat(c).isNotNull();
        // Rank 0's own collection made nobody wait: it is not the late rank's.
        assertThat(c.jvmNs()).isZero();
        assertThat(c.count(Cause.GC)).isZero();
        assertThat(c.ns(Cause.APPLICATION)).isEqualTo(90 * MS);
    }

    @Test
    void aPauseInsideAnMpiCallIsACauseOfThatCallsDelay() throws Exception {
        call(0, "MPI_INIT", INIT, 0, 1).jvm(NOTHING);
        call(1, "MPI_INIT", INIT, 0, 1).jvm(NOTHING);
        call(0, "MPI_BARRIER", COLL, 10, 101).collective("world", 2, 0, -1).jvm(NOTHING);
        // Rank 1: a call from 1 to 60 with a 40 ms collection in it, then 40 ms of computation.
        call(1, "MPI_COMM_RANK", RANK, 1, 60).jvm(jvm(0, 0, 0, 0, 0, 40));
        call(1, "MPI_BARRIER", COLL, 100, 101).collective("world", 2, 0, -1).jvm(NOTHING);
        WaitReport r = analyse();
        // The late window [10, 100): 50 of the call's 59 ms, then the 40 ms computation.
        WaitReport.Delay inCall = delay(r, new Interval(1, Interval.Kind.MPI, "MPI_COMM_RANK", RANK, null, null));
        assertThat(inCall.ns()).isEqualTo(50 * MS);
        DelayCauses inCallCauses = requireNonNull(inCall.causes());
        assertThat(ms(inCallCauses, Cause.GC)).isCloseTo(40 * 50 / 59.0, within(0.01));
        assertThat(inCallCauses.count(Cause.GC)).isEqualTo(1);
        sumsTo(inCallCauses, inCall.ns());
        WaitReport.Delay comp =
                delay(r, new Interval(1, Interval.Kind.COMPUTATION, "MPI_BARRIER", COLL, "MPI_COMM_RANK", RANK));
        assertThat(comp.ns()).isEqualTo(40 * MS);
        assertThat(requireNonNull(comp.causes()).jvmNs()).isZero();
    }

    @Test
    void waitingHandedOnKeepsItsCauses() throws Exception {
        for (int rank = 0; rank < 3; rank++) {
            call(rank, "MPI_INIT", INIT, 0, 1).jvm(NOTHING);
        }
        // Rank 0 collects for 50 of its 99 ms, then sends to rank 1, which waited from 10; rank 1
        // then makes rank 2 wait from 20 to 110 (its own barrier at 110 with rank 2).
        call(0, "MPI_SEND", COLL, 100, 101)
                .sends("0>1#0", WaitEvent.Completion.HERE)
                .jvm(jvm(50, 1, 0, 0, 0, 0));
        call(1, "MPI_RECV", RANK, 10, 101)
                .receives("0>1#0", WaitEvent.Completion.HERE)
                .jvm(NOTHING);
        call(1, "MPI_SEND", COLL, 110, 111)
                .sends("1>2#0", WaitEvent.Completion.HERE)
                .jvm(NOTHING);
        call(2, "MPI_RECV", RANK, 20, 111)
                .receives("1>2#0", WaitEvent.Completion.HERE)
                .jvm(NOTHING);
        WaitReport r = analyse();
        WaitReport.Delay d = delay(r, new Interval(0, Interval.Kind.COMPUTATION, "MPI_SEND", COLL, "MPI_INIT", INIT));
        assertThat(d.longTermNs()).isPositive();
        DelayCauses c = requireNonNull(d.causes());
        // Every part of rank 0's delay, direct or handed on, is 50/99 collection.
        assertThat(c.ns(Cause.GC) / (double) d.ns()).isCloseTo(50 / 99.0, within(0.001));
        sumsTo(c, d.ns());
    }

    @Test
    void aTraceWithoutTheJvmsNumbersClaimsNoCauses() throws Exception {
        call(0, "MPI_INIT", INIT, 0, 1);
        call(1, "MPI_INIT", INIT, 0, 1);
        call(0, "MPI_BARRIER", COLL, 10, 101).collective("world", 2, 0, -1);
        call(1, "MPI_BARRIER", COLL, 100, 101).collective("world", 2, 0, -1);
        WaitReport r = analyse();
        assertThat(r.delays())
                .isNotEmpty()
                .allSatisfy(d -> assertThat(d.causes()).isNull());
        assertThat(r.criticalPath()).allSatisfy(p -> assertThat(p.causes()).isNull());
    }
}
