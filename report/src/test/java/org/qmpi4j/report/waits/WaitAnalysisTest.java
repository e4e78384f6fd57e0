package org.qmpi4j.report.waits;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.Interval;
import org.qmpi4j.formats.waits.WaitReport;

/** Waits made by construction (times in ms), the amounts, peers, causes and paths worked out by hand. */
class WaitAnalysisTest {
    private static final long MS = 1_000_000;
    private static final CallSite INIT = new CallSite("A", "main", "A.java", 10);
    private static final CallSite SEND = new CallSite("A", "main", "A.java", 20);
    private static final CallSite RECV = new CallSite("A", "main", "A.java", 30);
    private static final CallSite COLL = new CallSite("A", "main", "A.java", 40);
    private static final CallSite WAIT = new CallSite("A", "main", "A.java", 50);

    private final List<WaitEvent> events = new ArrayList<>();

    private WaitEvent call(int rank, String f, CallSite site, long enterMs, long exitMs) {
        WaitEvent e = WaitEvent.call(rank, f, site, enterMs * MS, exitMs * MS);
        events.add(e);
        return e;
    }

    private void init(int... ranks) {
        for (int r : ranks) {
            call(r, "MPI_INIT", INIT, 0, 1);
        }
    }

    private static String msg(int from, int to, int seq) {
        return from + ">" + to + "#" + seq;
    }

    private WaitReport analyse() {
        return analyse(WaitAnalysis.DEFAULT_NOISE_FLOOR_NS);
    }

    private WaitReport analyse(long floor) {
        Map<Integer, List<WaitEvent>> byRank = new TreeMap<>();
        for (WaitEvent e : events) {
            byRank.computeIfAbsent(e.rank(), r -> new ArrayList<>()).add(e);
        }
        Map<Integer, WaitAnalysis.RankEvents> sources = new TreeMap<>();
        byRank.forEach((r, list) -> {
            java.util.Iterator<WaitEvent> it = list.iterator();
            sources.put(r, () -> it.hasNext() ? it.next() : null);
        });
        try {
            return WaitAnalysis.analyse(sources, floor);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String waits(WaitReport r) {
        return r.waits().stream()
                .map(w -> w.pattern().id() + " rank " + w.rank() + " " + w.function() + " line "
                        + w.site().line() + " peer " + w.peer() + " " + w.ns() / MS + " ms x" + w.instances())
                .collect(Collectors.joining("\n"));
    }

    private static long delayMs(WaitReport r, Interval i, boolean longTerm) {
        for (WaitReport.Delay d : r.delays()) {
            if (d.interval().equals(i)) {
                return (longTerm ? d.longTermNs() : d.shortTermNs()) / MS;
            }
        }
        return 0;
    }

    private static Interval computation(int rank, String from, CallSite fromSite, String to, CallSite toSite) {
        return new Interval(rank, Interval.Kind.COMPUTATION, to, toSite, from, fromSite);
    }

    @Test
    void lateSenderAtABlockingReceive() {
        init(0, 1);
        call(1, "MPI_SEND", SEND, 100, 101).sends(msg(1, 0, 0), WaitEvent.Completion.HERE);
        call(0, "MPI_RECV", RECV, 10, 101).receives(msg(1, 0, 0), WaitEvent.Completion.HERE);
        WaitReport r = analyse();
        assertThat(waits(r)).isEqualTo("late_sender rank 0 MPI_RECV line 30 peer 1 90 ms x1");
        // Rank 1's computation from MPI_INIT to MPI_SEND made rank 0 wait, all of it directly.
        Interval cause = computation(1, "MPI_INIT", INIT, "MPI_SEND", SEND);
        assertThat(r.delays()).hasSize(1);
        assertThat(delayMs(r, cause, false)).isEqualTo(90);
        assertThat(delayMs(r, cause, true)).isZero();
        // The run is as long as rank 1's start and computation, then the end of rank 0's receive.
        assertThat(r.criticalPathNs()).isEqualTo(101 * MS);
        Map<Interval, Long> path = r.criticalPath().stream()
                .collect(Collectors.toMap(WaitReport.PathStep::interval, WaitReport.PathStep::ns));
        assertThat(path.get(cause)).isEqualTo(99 * MS);
        assertThat(path.get(new Interval(1, Interval.Kind.MPI, "MPI_INIT", INIT, null, null)))
                .isEqualTo(MS);
        assertThat(path.get(new Interval(0, Interval.Kind.MPI, "MPI_RECV", RECV, null, null)))
                .isEqualTo(MS);
        assertThat(path).hasSize(3);
        assertThat(r.worst()).hasSize(1);
        WaitReport.Instance worst = r.worst().get(0);
        assertThat(worst.lateRank()).isEqualTo(1);
        assertThat(worst.lateEnter()).isEqualTo(100 * MS);
        assertThat(worst.latePreviousExit()).isEqualTo(MS);
        assertThat(r.problems()).isEmpty();
    }

    @Test
    void anEagerSendAndAnEarlyReceiveMakeNoWait() {
        init(0, 1);
        call(1, "MPI_SEND", SEND, 10, 11).sends(msg(1, 0, 0), WaitEvent.Completion.HERE);
        call(0, "MPI_RECV", RECV, 100, 101).receives(msg(1, 0, 0), WaitEvent.Completion.HERE);
        WaitReport r = analyse();
        assertThat(r.waits()).isEmpty();
        assertThat(r.delays()).isEmpty();
        assertThat(r.problems()).isEmpty();
    }

    @Test
    void lateSenderAtTheWaitThatCompletedANonblockingReceive() {
        init(0, 1);
        call(0, "MPI_IRECV", RECV, 5, 6).receives(msg(1, 0, 0), WaitEvent.Completion.LATER);
        call(0, "MPI_WAIT", WAIT, 20, 101).completesReceive(msg(1, 0, 0));
        call(1, "MPI_SEND", SEND, 100, 101).sends(msg(1, 0, 0), WaitEvent.Completion.HERE);
        WaitReport r = analyse();
        assertThat(waits(r)).isEqualTo("late_sender rank 0 MPI_WAIT line 50 peer 1 80 ms x1");
    }

    @Test
    void lateReceiverOfASynchronousSendAndOfAnIsendCompletedLate() {
        init(0, 1, 2);
        call(0, "MPI_SSEND", SEND, 10, 101).sends(msg(0, 1, 0), WaitEvent.Completion.HERE);
        call(1, "MPI_RECV", RECV, 100, 101).receives(msg(0, 1, 0), WaitEvent.Completion.HERE);
        call(2, "MPI_ISEND", SEND, 10, 11).sends(msg(2, 1, 0), WaitEvent.Completion.LATER);
        call(2, "MPI_WAIT", WAIT, 30, 151).completesSend(msg(2, 1, 0));
        call(1, "MPI_RECV", RECV, 150, 151).receives(msg(2, 1, 0), WaitEvent.Completion.HERE);
        WaitReport r = analyse();
        assertThat(waits(r))
                .isEqualTo(String.join(
                        "\n",
                        "late_receiver rank 2 MPI_WAIT line 50 peer 1 120 ms x1",
                        "late_receiver rank 0 MPI_SSEND line 20 peer 1 90 ms x1"));
    }

    @Test
    void aSynchronousSendThatSeemsToEndBeforeItsReceiveWithinTheClocksBoundsStillWaitedForIt() {
        init(0, 1);
        // Rank 1's clock is aligned to within 5 ms: its receive seems posted 2 ms after the send ended.
        call(0, "MPI_SSEND", SEND, 10, 101).sends(msg(0, 1, 0), WaitEvent.Completion.HERE);
        call(1, "MPI_RECV", RECV, 103, 104).errorBound(5 * MS).receives(msg(0, 1, 0), WaitEvent.Completion.HERE);
        // Beyond the bounds, a send that ended before the receive was posted did not wait for it.
        call(0, "MPI_SEND", SEND, 200, 201).sends(msg(0, 1, 1), WaitEvent.Completion.HERE);
        call(1, "MPI_RECV", RECV, 300, 301).errorBound(5 * MS).receives(msg(0, 1, 1), WaitEvent.Completion.HERE);
        WaitReport r = analyse();
        assertThat(waits(r)).isEqualTo("late_receiver rank 0 MPI_SSEND line 20 peer 1 91 ms x1");
    }

    @Test
    void waitsAtBarrierAndAtNxNAreForTheLastToArrive() {
        init(0, 1, 2, 3);
        long[] at = {10, 20, 30, 100};
        for (int r = 0; r < 4; r++) {
            call(r, "MPI_BARRIER", COLL, at[r], 101).collective("world", 4, 0, -1);
        }
        for (int r = 0; r < 4; r++) {
            call(r, "MPI_ALLREDUCE", WAIT, 110 + (r == 2 ? 50 : r), 161).collective("world", 4, 1, -1);
        }
        WaitReport r = analyse();
        assertThat(waits(r))
                .isEqualTo(String.join(
                        "\n",
                        "wait_at_barrier rank 0 MPI_BARRIER line 40 peer 3 90 ms x1",
                        "wait_at_barrier rank 1 MPI_BARRIER line 40 peer 3 80 ms x1",
                        "wait_at_barrier rank 2 MPI_BARRIER line 40 peer 3 70 ms x1",
                        "wait_at_nxn rank 0 MPI_ALLREDUCE line 50 peer 2 50 ms x1",
                        "wait_at_nxn rank 1 MPI_ALLREDUCE line 50 peer 2 49 ms x1",
                        "wait_at_nxn rank 3 MPI_ALLREDUCE line 50 peer 2 47 ms x1"));
        assertThat(delayMs(r, computation(3, "MPI_INIT", INIT, "MPI_BARRIER", COLL), false))
                .isEqualTo(90 + 80 + 70);
        assertThat(delayMs(r, computation(2, "MPI_BARRIER", COLL, "MPI_ALLREDUCE", WAIT), false))
                .isEqualTo(50 + 49 + 47);
        // Rank 3 to its barrier (1 + 99), the barrier's end (1), rank 2's computation to its
        // allreduce (59), and the allreduce (1).
        assertThat(r.criticalPathNs()).isEqualTo(161 * MS);
    }

    @Test
    void lateBroadcastCountsOnlyThoseWhoCameBeforeTheRoot() {
        init(0, 1, 2, 3);
        long[] at = {100, 10, 20, 150};
        for (int r = 0; r < 4; r++) {
            call(r, "MPI_BCAST", COLL, at[r], Math.max(at[r], 100) + 1).collective("world", 4, 0, 0);
        }
        WaitReport r = analyse();
        assertThat(waits(r))
                .isEqualTo(String.join(
                        "\n",
                        "late_broadcast rank 1 MPI_BCAST line 40 peer 0 90 ms x1",
                        "late_broadcast rank 2 MPI_BCAST line 40 peer 0 80 ms x1"));
    }

    @Test
    void earlyReduceIsTheRootWaitingForTheLastContributor() {
        init(0, 1, 2);
        call(0, "MPI_REDUCE", COLL, 10, 81).collective("world", 3, 0, 0);
        call(1, "MPI_REDUCE", COLL, 50, 51).collective("world", 3, 0, 0);
        call(2, "MPI_REDUCE", COLL, 80, 81).collective("world", 3, 0, 0);
        WaitReport r = analyse();
        assertThat(waits(r)).isEqualTo("early_reduce rank 0 MPI_REDUCE line 40 peer 2 70 ms x1");
    }

    @Test
    void subCommunicatorsAndIntercommunicatorsAreMatchedByTheirOwnKeys() {
        init(0, 1, 2, 3);
        // Two sub-communicators {0,1} and {2,3}, each its own barrier instance 0.
        call(0, "MPI_BARRIER", COLL, 10, 41).collective("split:0", 2, 0, -1);
        call(1, "MPI_BARRIER", COLL, 40, 41).collective("split:0", 2, 0, -1);
        call(2, "MPI_BARRIER", COLL, 10, 21).collective("split:1", 2, 0, -1);
        call(3, "MPI_BARRIER", COLL, 20, 21).collective("split:1", 2, 0, -1);
        // An intercommunicator between {0,1} and {2,3}: rank 0 broadcasts to 2 and 3, which name
        // it; it names no root itself (MPI_ROOT), nor does rank 1 (MPI_PROC_NULL), which takes no
        // part in the wait.
        call(0, "MPI_BCAST", WAIT, 100, 101).collective("inter:01|23", 4, 0, -1);
        call(1, "MPI_BCAST", WAIT, 50, 51).collective("inter:01|23", 4, 0, -1);
        call(2, "MPI_BCAST", WAIT, 60, 101).collective("inter:01|23", 4, 0, 0);
        call(3, "MPI_BCAST", WAIT, 70, 101).collective("inter:01|23", 4, 0, 0);
        WaitReport r = analyse();
        assertThat(waits(r))
                .isEqualTo(String.join(
                        "\n",
                        "late_broadcast rank 2 MPI_BCAST line 50 peer 0 40 ms x1",
                        "wait_at_barrier rank 0 MPI_BARRIER line 40 peer 1 30 ms x1",
                        "late_broadcast rank 3 MPI_BCAST line 50 peer 0 30 ms x1",
                        "wait_at_barrier rank 2 MPI_BARRIER line 40 peer 3 10 ms x1"));
        assertThat(r.problems()).isEmpty();
    }

    @Test
    void aChainOfWaitsIsTracedToTheComputationThatBeganIt() {
        init(0, 1, 2);
        call(2, "MPI_SEND", SEND, 200, 201).sends(msg(2, 1, 0), WaitEvent.Completion.HERE);
        call(1, "MPI_RECV", RECV, 50, 201).receives(msg(2, 1, 0), WaitEvent.Completion.HERE);
        call(1, "MPI_SEND", SEND, 210, 211).sends(msg(1, 0, 0), WaitEvent.Completion.HERE);
        call(0, "MPI_RECV", RECV, 100, 211).receives(msg(1, 0, 0), WaitEvent.Completion.HERE);
        WaitReport r = analyse();
        assertThat(waits(r))
                .isEqualTo(String.join(
                        "\n",
                        "late_sender rank 1 MPI_RECV line 30 peer 2 150 ms x1",
                        "late_sender rank 0 MPI_RECV line 30 peer 1 110 ms x1"));
        Interval root = computation(2, "MPI_INIT", INIT, "MPI_SEND", SEND);
        // Rank 0 waited 110: rank 1's 9 of computation after its receive and 1 inside it, and 100
        // of rank 1's own wait, which rank 2's computation caused.
        assertThat(delayMs(r, root, false)).isEqualTo(150);
        assertThat(delayMs(r, root, true)).isEqualTo(100);
        assertThat(delayMs(r, computation(1, "MPI_RECV", RECV, "MPI_SEND", SEND), false))
                .isEqualTo(9);
        assertThat(delayMs(r, new Interval(1, Interval.Kind.MPI, "MPI_RECV", RECV, null, null), false))
                .isEqualTo(1);
        assertThat(r.delays().get(0).interval()).isEqualTo(root);
        // The path: rank 2 to its send, rank 1's receive's end and computation, rank 0's receive's end.
        assertThat(r.criticalPathNs()).isEqualTo(211 * MS);
        long onRank2 = r.criticalPath().stream()
                .filter(p -> p.interval().rank() == 2)
                .mapToLong(WaitReport.PathStep::ns)
                .sum();
        assertThat(onRank2).isEqualTo(200 * MS);
    }

    @Test
    void aWaitShorterThanTheClocksErrorBoundIsUncertain() {
        init(0, 1);
        call(1, "MPI_SEND", SEND, 18, 19).errorBound(5 * MS).sends(msg(1, 0, 0), WaitEvent.Completion.HERE);
        call(0, "MPI_RECV", RECV, 10, 19).errorBound(4 * MS).receives(msg(1, 0, 0), WaitEvent.Completion.HERE);
        call(1, "MPI_SEND", SEND, 100, 101).errorBound(5 * MS).sends(msg(1, 0, 1), WaitEvent.Completion.HERE);
        call(0, "MPI_RECV", RECV, 20, 101).errorBound(4 * MS).receives(msg(1, 0, 1), WaitEvent.Completion.HERE);
        WaitReport r = analyse();
        WaitReport.WaitState w = r.waits().get(0);
        assertThat(w.instances()).isEqualTo(2);
        assertThat(w.ns()).isEqualTo(88 * MS);
        assertThat(w.uncertainInstances()).isEqualTo(1);
        assertThat(w.errorBoundNs()).isEqualTo(9 * MS);
        assertThat(w.uncertain()).isFalse();
    }

    @Test
    void waitsBelowTheNoiseFloorAreNotCounted() {
        init(0, 1, 2, 3);
        for (int i = 0; i < 10; i++) {
            for (int r = 0; r < 4; r++) {
                WaitEvent e = WaitEvent.call(
                        r, "MPI_ALLREDUCE", COLL, (10 + 10 * i) * MS + r * 1_000L, (10 + 10 * i) * MS + 5_000);
                e.collective("world", 4, i, -1);
                events.add(e);
            }
        }
        assertThat(analyse(10_000).waits()).isEmpty();
        assertThat(analyse(1_000).waits()).hasSize(3);
    }

    @Test
    void aCollectiveWithAMemberMissingIsReportedNotGuessed() {
        init(0, 1, 2);
        call(0, "MPI_BARRIER", COLL, 10, 100).collective("world", 3, 0, -1);
        call(1, "MPI_BARRIER", COLL, 50, 100).collective("world", 3, 0, -1);
        WaitReport r = analyse();
        assertThat(r.waits()).isEmpty();
        assertThat(r.problems()).containsExactly("1 collective call(s) whose members were not all in the trace");
    }
}
