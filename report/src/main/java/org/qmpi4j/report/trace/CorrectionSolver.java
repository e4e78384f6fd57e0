package org.qmpi4j.report.trace;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Solves {@link CausalityCorrection}'s shifts from the {@link MessageConstraints}: per
 * segmentation tried, nodes (rank, grid point), edges that keep neighbouring points within half a
 * segment and one per message constraint, each rank's error bound as its limits; then the
 * greatest solution within the bounds (or, failing that, without them) and from it the least.
 */
final class CorrectionSolver {
    /** The error bound of a rank's clock alignment at an aligned time. */
    interface Bounds {
        long at(int rank, long common);
    }

    /** Segmentations tried in turn until one solves within the bounds. */
    private static final int[] RESOLUTIONS = {CausalityCorrection.SEGMENTS, 64, CausalityCorrection.FINEST};

    private final MessageConstraints messages;
    private final Bounds bounds;
    private final long start;
    private final long span;

    CorrectionSolver(MessageConstraints messages, Bounds bounds) {
        this.messages = messages;
        this.bounds = bounds;
        this.start = messages.start();
        this.span = messages.span();
    }

    /**
     * Solves the correction from the messages: on {@link CausalityCorrection#SEGMENTS} segments
     * first, on finer ones while that is not within the bounds (see {@link CausalityCorrection#FINEST}).
     */
    CausalityCorrection solve() {
        CausalityCorrection best = solve(RESOLUTIONS[0]);
        for (int i = 1; i < RESOLUTIONS.length && !best.status().equals("within the error bounds"); i++) {
            CausalityCorrection c = solve(RESOLUTIONS[i]);
            if (c.status().equals("within the error bounds")
                    || (best.status().equals("not possible") && !c.status().equals("not possible"))) {
                best = c;
            }
        }
        return best;
    }

    /** The index of {@code rank}'s nodes: every rank of a constraint was put in {@code index} before. */
    private static int node(Map<Integer, Integer> index, int rank) {
        return Objects.requireNonNull(index.get(rank), "every rank of a constraint is indexed");
    }

    private CausalityCorrection solve(int segments) {
        long unmatched = messages.unmatched();
        LongPairTable constraints = messages.at(segments);
        if (constraints.size() == 0) {
            return result("within the error bounds", segments, new TreeMap<>(), new TreeMap<>(), unmatched, 0);
        }
        // Nodes: (rank, grid point) for rank 0 and every rank in a message.
        Map<Integer, Integer> index = new TreeMap<>();
        index.put(0, 0);
        for (int i = 0; i < constraints.capacity(); i++) {
            if (constraints.used(i)) {
                long k = constraints.key1(i);
                index.putIfAbsent((int) (k >>> 40), 0);
                index.putIfAbsent((int) ((k >>> 16) & 0xFFFFFF), 0);
            }
        }
        int[] rankOf = new int[index.size()];
        int n = 0;
        for (Map.Entry<Integer, Integer> e : index.entrySet()) {
            e.setValue(n);
            rankOf[n++] = e.getKey();
        }
        int points = segments + 1;
        int nodes = n * points;
        long h = Math.max(1, span / segments / 2);
        // Edges x -> y with weight w: value[y] >= value[x] + w.
        DifferenceConstraints g = new DifferenceConstraints(nodes, 2 * n * segments + 4 * constraints.size());
        for (int r = 0; r < n; r++) {
            for (int j = 0; j < segments; j++) {
                g.edge(r * points + j, r * points + j + 1, -h);
                g.edge(r * points + j + 1, r * points + j, -h);
            }
        }
        for (int i = 0; i < constraints.capacity(); i++) {
            if (!constraints.used(i)) {
                continue;
            }
            long k = constraints.key1(i);
            int s = node(index, (int) (k >>> 40));
            int d = node(index, (int) ((k >>> 16) & 0xFFFFFF));
            int js = (int) ((k >>> 8) & 0xFF);
            int jd = (int) (k & 0xFF);
            long v = constraints.value(i);
            // The shift inside a segment lies between its two points: ask it of both.
            for (int a = jd; a <= jd + 1; a++) {
                for (int b = js; b <= js + 1; b++) {
                    g.edge(s * points + b, d * points + a, v);
                }
            }
        }
        g.index();
        long[] upper = new long[nodes];
        long[] lower = new long[nodes];
        Map<Integer, long[]> boundsByRank = new TreeMap<>();
        for (int r = 0; r < n; r++) {
            long[] b = new long[points];
            for (int j = 0; j < points; j++) {
                b[j] = Math.min(
                        CausalityCorrection.UNBOUNDED,
                        bounds.at(rankOf[r], CausalityCorrection.grid(j, start, span, segments)));
                upper[r * points + j] = b[j];
                lower[r * points + j] = -b[j];
            }
            boundsByRank.put(rankOf[r], b);
        }
        String status = "within the error bounds";
        long[] greatest = g.greatest(upper);
        if (greatest == null || below(greatest, lower)) {
            status = "beyond the error bounds";
            for (int i = 0; i < nodes; i++) {
                upper[i] = i < points ? 0 : CausalityCorrection.UNBOUNDED; // rank 0 (index 0) stays the reference
            }
            greatest = g.greatest(upper);
            if (greatest == null || greatest[0] < 0) { // rank 0 would have to move: contradicting times
                return result(
                        "not possible",
                        segments,
                        new TreeMap<>(),
                        boundsByRank,
                        unmatched,
                        g.violated(new long[nodes]));
            }
        }
        long[] start0 = new long[nodes];
        for (int i = 0; i < nodes; i++) {
            start0[i] = Math.min(0, greatest[i]);
        }
        long[] value = g.least(start0);
        if (value == null) {
            return result(
                    "not possible", segments, new TreeMap<>(), boundsByRank, unmatched, g.violated(new long[nodes]));
        }
        Map<Integer, long[]> shifts = new TreeMap<>();
        for (int r = 0; r < n; r++) {
            long[] c = Arrays.copyOfRange(value, r * points, (r + 1) * points);
            boolean moved = false;
            for (long x : c) {
                moved |= x != 0;
            }
            if (moved) {
                shifts.put(rankOf[r], c);
            }
        }
        return result(status, segments, shifts, boundsByRank, unmatched, 0);
    }

    private static boolean below(long[] values, long[] lower) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] < lower[i]) {
                return true;
            }
        }
        return false;
    }

    private CausalityCorrection result(
            String status,
            int segments,
            Map<Integer, long[]> shifts,
            Map<Integer, long[]> boundsByRank,
            long unmatched,
            long bad) {
        return new CausalityCorrection(
                status,
                start,
                span,
                segments,
                shifts,
                boundsByRank,
                messages.messages(),
                messages.backwardBefore(),
                unmatched,
                messages.notUsed(),
                bad);
    }
}
