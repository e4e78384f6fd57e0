package org.qmpi4j.report.render;

/** Totals of a rank-by-rank matrix ({@code m[from][to]}) that the matrix renderings show. */
final class RankMatrix {
    private RankMatrix() {}

    static long max(long[][] m) {
        long max = 0;
        for (long[] row : m) {
            for (long v : row) {
                max = Math.max(max, v);
            }
        }
        return max;
    }

    static long sum(long[][] m) {
        long s = 0;
        for (long[] row : m) {
            for (long v : row) {
                s += v;
            }
        }
        return s;
    }
}
