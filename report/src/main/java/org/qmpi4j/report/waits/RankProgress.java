package org.qmpi4j.report.waits;

import java.util.ArrayDeque;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.Interval;

/** What one rank is doing: its last calls, the head of its critical path, its open call. */
final class RankProgress {
    /** Intervals kept per rank to explain its lateness, in jobs of up to 65,536 ranks. */
    static final int HISTORY = 32;

    /** Intervals kept per rank, at least: a late call and the computation and call before it, and more. */
    static final int SHORTEST_HISTORY = 8;

    /**
     * Intervals all ranks keep together, at most (about 700 MiB with their causes): beyond 65,536
     * ranks each keeps fewer, down to {@link #SHORTEST_HISTORY}. Lateness reaching further back
     * than a rank's history is put on the computation before its late call.
     */
    static final long HISTORIES = 1L << 21;

    final int rank;
    private final int kept;
    final ArrayDeque<Segment> history;
    CriticalPathNode head;

    @Nullable
    CallSegment open;

    long lastExit = Long.MIN_VALUE;

    @Nullable
    String lastFunction;

    @Nullable
    CallSite lastSite;

    long errorBound;

    /** The intervals each rank keeps in a job of {@code ranks} ranks. */
    static int historyFor(int ranks) {
        return (int) Math.max(SHORTEST_HISTORY, Math.min(HISTORY, HISTORIES / Math.max(1, ranks)));
    }

    RankProgress(int rank, int kept) {
        this.rank = rank;
        this.kept = kept;
        this.history = new ArrayDeque<>(kept + 1);
        this.head = new CriticalPathNode(rank, null);
    }

    void remember(Segment s) {
        history.addLast(s);
        if (history.size() > kept) {
            history.removeFirst();
        }
    }

    /**
     * The critical path up to now, for a partner that may wait for this call: fixed here (a new
     * node continues it). A node nobody holds any more is folded into its successor, so that the
     * chain of a rank that nobody waited for stays one node long.
     */
    CriticalPathNode snapshot() {
        CriticalPathNode n = head;
        while (n.prev != null && n.prev.rank == rank && n.prev.refs == 0 && !n.prev.pinned) {
            CriticalPathNode p = n.prev;
            for (Map.Entry<Interval, long[]> t : p.time.entrySet()) {
                n.addAll(t.getKey(), t.getValue());
            }
            n.prev = p.prev;
        }
        n.refs++;
        head = new CriticalPathNode(rank, n);
        return n;
    }

    /**
     * Adds the finished call {@code c} to this rank's critical path: if it waited for a late call
     * that entered before it ended, the path continues from the late rank's path at that entry;
     * otherwise the call's whole time is added to this rank's own path.
     */
    void extendPath(CallSegment c) {
        if (c.lateNode != null && c.lateStart < c.end) {
            CriticalPathNode from = c.lateNode;
            from.pinned = true;
            head = new CriticalPathNode(rank, from);
            head.add(c.mpiInterval(), c.end - Math.max(c.start, c.lateStart), c.jvm, c.end - c.start);
            from.refs--;
            c.lateNode = null;
        } else {
            if (c.lateNode != null) {
                c.lateNode.refs--;
                c.lateNode = null;
            }
            head.add(c.mpiInterval(), c.end - c.start, c.jvm, c.end - c.start);
        }
    }
}
