package org.qmpi4j.report.waits;

import java.util.HashMap;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.Interval;

/**
 * A part of the critical path on one rank: time per interval, after the part {@link #prev}.
 * Messages and collectives that a later call may wait for hold the node of their call, counted in
 * {@link #refs}, so that it is not folded away while someone may still continue from it.
 */
final class CriticalPathNode {
    final int rank;
    final Map<Interval, long[]> time = new HashMap<>(4);

    @Nullable
    CriticalPathNode prev;
    /** Messages and collectives still holding it. */
    int refs;
    /** A rank's path continues from it (it cannot be folded). */
    boolean pinned;

    CriticalPathNode(int rank, @Nullable CriticalPathNode prev) {
        this.rank = rank;
        this.prev = prev;
    }

    /** Numbers per interval: ns, then the JVM's parts of them ({@link JvmParts}). */
    static final int WIDTH = 1 + JvmParts.KINDS;

    void add(Interval i, long ns) {
        add(i, ns, null, 0);
    }

    /**
     * Adds {@code ns} of interval {@code i}, a part of a stretch of {@code lengthNs} whose JVM parts
     * were {@code jvm} ({@code null}: not known).
     */
    void add(Interval i, long ns, @Nullable long[] jvm, long lengthNs) {
        if (ns > 0) {
            long[] t = time.get(i);
            if (t == null) {
                t = new long[WIDTH];
                time.put(i, t);
            }
            t[0] += ns;
            JvmParts.share(t, 1, jvm, lengthNs, ns);
        }
    }

    /** Adds numbers as {@link #time} holds them (a node folded into this one). */
    void addAll(Interval i, long[] numbers) {
        long[] t = time.get(i);
        if (t == null) {
            t = new long[WIDTH];
            time.put(i, t);
        }
        for (int k = 0; k < WIDTH; k++) {
            t[k] += numbers[k];
        }
    }

    /** Lets go of {@code old}, takes hold of {@code node} (either may be null); returns {@code node}. */
    static @Nullable CriticalPathNode hold(@Nullable CriticalPathNode old, @Nullable CriticalPathNode node) {
        if (old != null) {
            old.refs--;
        }
        if (node != null) {
            node.refs++;
        }
        return node;
    }
}
