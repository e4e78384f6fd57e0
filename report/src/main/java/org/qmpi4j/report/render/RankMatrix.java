package org.qmpi4j.report.render;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.qmpi4j.formats.profile.TrafficMatrix;

/** What the matrix renderings show beside the matrix itself. */
final class RankMatrix {
    /** Bytes ascending, then later pairs first (named classes: cheaper than lambdas at a short job's end). */
    private static final Comparator<long[]> SMALLEST_FIRST = new Comparator<long[]>() {
        @Override
        public int compare(long[] a, long[] b) {
            return a[2] != b[2] ? Long.compare(a[2], b[2]) : Long.compare(b[4], a[4]);
        }
    };
    /** Bytes descending, then earlier pairs first. */
    private static final Comparator<long[]> LARGEST_FIRST = new Comparator<long[]>() {
        @Override
        public int compare(long[] a, long[] b) {
            return a[2] != b[2] ? Long.compare(b[2], a[2]) : Long.compare(a[4], b[4]);
        }
    };

    private RankMatrix() {}

    /** Keeps the {@code k} largest pairs seen; a named class, not a lambda linked on rank 0 at the end of every job. */
    private static final class Largest implements TrafficMatrix.CellVisitor {
        final PriorityQueue<long[]> top = new PriorityQueue<>(SMALLEST_FIRST);
        private final int k;
        private long order;

        Largest(int k) {
            this.k = k;
        }

        @Override
        public void visit(int from, int to, long bytes, long messages) {
            if (bytes == 0 && messages == 0) {
                return;
            }
            top.add(new long[] {from, to, bytes, messages, order++});
            if (top.size() > k) {
                top.poll();
            }
        }
    }

    /**
     * The {@code k} pairs with the most bytes as {@code {from, to, bytes, messages}}, most first,
     * ties in sender-then-receiver order; pairs without messages or bytes are never listed. Keeps
     * only {@code k} pairs while it looks: the matrix may hold millions.
     */
    static List<long[]> largest(TrafficMatrix m, int k) {
        // Smallest on top: bytes ascending, then later pairs first (they lose ties).
        Largest visitor = new Largest(k);
        m.forEach(visitor);
        List<long[]> out = new ArrayList<>(visitor.top);
        out.sort(LARGEST_FIRST);
        return out;
    }
}
