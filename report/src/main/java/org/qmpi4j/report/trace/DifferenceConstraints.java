package org.qmpi4j.report.trace;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.qmpi4j.api.Nullable;

/**
 * Difference constraints {@code value[y] >= value[x] + w} over numbered nodes, solved by worklist
 * relaxation: the greatest solution below given limits, the least above given floors. The solver
 * of {@link CausalityCorrection}'s shifts, apart from what the constraints mean.
 */
final class DifferenceConstraints {
    private final int nodes;
    private final int[] from;
    private final int[] to;
    private final long[] weight;
    private final int[] outStart;
    private final int[] outEdges;
    private final int[] inStart;
    private final int[] inEdges;

    private int edges;

    DifferenceConstraints(int nodes, int capacity) {
        this.nodes = nodes;
        from = new int[capacity];
        to = new int[capacity];
        weight = new long[capacity];
        outStart = new int[nodes + 1];
        inStart = new int[nodes + 1];
        outEdges = new int[capacity];
        inEdges = new int[capacity];
    }

    void edge(int x, int y, long w) {
        from[edges] = x;
        to[edges] = y;
        weight[edges] = w;
        edges++;
    }

    /** Indexes the edges by their ends, once all are added. */
    void index() {
        for (int i = 0; i < edges; i++) {
            outStart[from[i] + 1]++;
            inStart[to[i] + 1]++;
        }
        for (int i = 0; i < nodes; i++) {
            outStart[i + 1] += outStart[i];
            inStart[i + 1] += inStart[i];
        }
        int[] o = Arrays.copyOf(outStart, nodes);
        int[] in = Arrays.copyOf(inStart, nodes);
        for (int i = 0; i < edges; i++) {
            outEdges[o[from[i]]++] = i;
            inEdges[in[to[i]]++] = i;
        }
    }

    /** The greatest solution at most {@code upper}, or {@code null} if there is none (a cycle). */
    @Nullable
    long[] greatest(long[] upper) {
        return relax(upper, true);
    }

    /** The least solution at least {@code lower}, or {@code null} if there is none (a cycle). */
    @Nullable
    long[] least(long[] lower) {
        return relax(lower, false);
    }

    /**
     * Relaxes {@code start} until every constraint holds: {@code down}, lowering the tail of each
     * edge to at most its head's value less the weight (the greatest solution below); else raising
     * the head to at least its tail's value plus the weight (the least solution above). {@code null}
     * when a node keeps changing: a cycle of positive weight.
     */
    private @Nullable long[] relax(long[] start, boolean down) {
        int[] first = down ? inStart : outStart;
        int[] list = down ? inEdges : outEdges;
        int[] far = down ? from : to;
        long[] v = start.clone();
        ArrayDeque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[nodes];
        int[] rounds = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            work.add(i);
            queued[i] = true;
        }
        while (!work.isEmpty()) {
            int n = work.poll();
            queued[n] = false;
            for (int k = first[n]; k < first[n + 1]; k++) {
                int e = list[k];
                int m = far[e];
                long bound = down ? v[n] - weight[e] : v[n] + weight[e];
                if (down ? bound < v[m] : bound > v[m]) {
                    v[m] = bound;
                    if (++rounds[m] > nodes + 1) {
                        return null;
                    }
                    if (!queued[m]) {
                        queued[m] = true;
                        work.add(m);
                    }
                }
            }
        }
        return v;
    }

    /** Constraints {@code v} does not meet. */
    long violated(long[] v) {
        long bad = 0;
        for (int e = 0; e < edges; e++) {
            bad += v[to[e]] < v[from[e]] + weight[e] ? 1 : 0;
        }
        return bad;
    }
}
