package org.qmpi4j.report.waits;

import java.util.ArrayDeque;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.Interval;

/** What one rank is doing: its last calls, the head of its critical path, its open call. */
final class RankProgress {
    /** Intervals kept per rank to explain its lateness. */
    static final int HISTORY = 32;

    final int rank;
    final ArrayDeque<Segment> history = new ArrayDeque<>(HISTORY + 1);
    CriticalPathNode head;

    @Nullable
    CallSegment open;

    long lastExit = Long.MIN_VALUE;

    @Nullable
    String lastFunction;

    @Nullable
    CallSite lastSite;

    long errorBound;

    RankProgress(int rank) {
        this.rank = rank;
        this.head = new CriticalPathNode(rank, null);
    }

    void remember(Segment s) {
        history.addLast(s);
        if (history.size() > HISTORY) {
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
