package org.qmpi4j.report.profile;

import java.util.Arrays;

/**
 * Point-to-point traffic between the ranks of {@code COMM_WORLD}, row = sender, column = receiver,
 * kept sparsely: only the pairs that exchanged something take memory. A job of 4096 ranks whose
 * ranks talk to a few neighbours holds tens of thousands of pairs, not the 16 million cells (256
 * MiB for bytes and messages) of a dense matrix. Immutable.
 */
public final class TrafficMatrix {
    /** Receives one non-empty pair. */
    @FunctionalInterface
    public interface CellVisitor {
        void visit(int from, int to, long bytes, long messages);
    }

    private static final int[] NO_COLUMNS = new int[0];
    private static final long[] NO_VALUES = new long[0];

    private final int ranks;
    private final int[][] columns;
    private final long[][] bytes;
    private final long[][] messages;
    private final int pairs;

    private TrafficMatrix(int ranks, int[][] columns, long[][] bytes, long[][] messages) {
        this.ranks = ranks;
        this.columns = columns;
        this.bytes = bytes;
        this.messages = messages;
        int n = 0;
        for (int[] c : columns) {
            n += c.length;
        }
        this.pairs = n;
    }

    /** An empty matrix of {@code ranks} ranks. */
    public static TrafficMatrix empty(int ranks) {
        return new Builder(ranks).build();
    }

    /** From dense {@code [from][to]} arrays of bytes and messages, both {@code ranks × ranks}. */
    public static TrafficMatrix ofDense(long[][] bytes, long[][] messages, int ranks) {
        check(bytes, ranks);
        check(messages, ranks);
        Builder b = new Builder(ranks);
        for (int i = 0; i < ranks; i++) {
            for (int j = 0; j < ranks; j++) {
                if (bytes[i][j] != 0 || messages[i][j] != 0) {
                    b.add(i, j, bytes[i][j], messages[i][j]);
                }
            }
        }
        return b.build();
    }

    private static void check(long[][] m, int n) {
        if (m.length != n) {
            throw new IllegalArgumentException("matrix has " + m.length + " rows, expected " + n);
        }
        for (int i = 0; i < n; i++) {
            if (m[i].length != n) {
                throw new IllegalArgumentException(
                        "matrix row " + i + " has " + m[i].length + " columns, expected " + n);
            }
        }
    }

    public static Builder builder(int ranks) {
        return new Builder(ranks);
    }

    /** Number of ranks (rows and columns). */
    public int ranks() {
        return ranks;
    }

    /** Number of pairs with traffic (the cells stored). */
    public int pairs() {
        return pairs;
    }

    /** Bytes rank {@code from} sent to rank {@code to}. */
    public long bytes(int from, int to) {
        int k = Arrays.binarySearch(columns[from], to);
        return k < 0 ? 0 : bytes[from][k];
    }

    /** Messages rank {@code from} sent to rank {@code to}. */
    public long messages(int from, int to) {
        int k = Arrays.binarySearch(columns[from], to);
        return k < 0 ? 0 : messages[from][k];
    }

    /** Visits the non-empty pairs, by sender, then receiver. */
    public void forEach(CellVisitor v) {
        for (int i = 0; i < ranks; i++) {
            int[] c = columns[i];
            for (int k = 0; k < c.length; k++) {
                v.visit(i, c[k], bytes[i][k], messages[i][k]);
            }
        }
    }

    /** Visits the non-empty pairs of one sender's row, by receiver. */
    public void forEachInRow(int from, CellVisitor v) {
        int[] c = columns[from];
        for (int k = 0; k < c.length; k++) {
            v.visit(from, c[k], bytes[from][k], messages[from][k]);
        }
    }

    public long totalBytes() {
        return sum(bytes);
    }

    public long totalMessages() {
        return sum(messages);
    }

    public long maxBytes() {
        return max(bytes);
    }

    public long maxMessages() {
        return max(messages);
    }

    private static long sum(long[][] rows) {
        long s = 0;
        for (long[] r : rows) {
            for (long v : r) {
                s += v;
            }
        }
        return s;
    }

    private static long max(long[][] rows) {
        long m = 0;
        for (long[] r : rows) {
            for (long v : r) {
                m = Math.max(m, v);
            }
        }
        return m;
    }

    /**
     * The matrix with ranks grouped into blocks of {@code ranksPerBlock} consecutive ranks (the last
     * block may be smaller): cell {@code [I][J]} sums what the ranks of block I sent to those of
     * block J. For drawings with fewer pixels than ranks.
     */
    public TrafficMatrix blocks(int ranksPerBlock) {
        if (ranksPerBlock <= 1) {
            return this;
        }
        int n = (ranks + ranksPerBlock - 1) / ranksPerBlock;
        Builder b = new Builder(n);
        forEach((from, to, by, msgs) -> b.add(from / ranksPerBlock, to / ranksPerBlock, by, msgs));
        return b.build();
    }

    /** Dense {@code [from][to]} bytes: ranks² longs, for small jobs and old callers. */
    public long[][] denseBytes() {
        return dense(bytes);
    }

    /** Dense {@code [from][to]} messages. */
    public long[][] denseMessages() {
        return dense(messages);
    }

    private long[][] dense(long[][] values) {
        long[][] d = new long[ranks][ranks];
        for (int i = 0; i < ranks; i++) {
            int[] c = columns[i];
            for (int k = 0; k < c.length; k++) {
                d[i][c[k]] = values[i][k];
            }
        }
        return d;
    }

    /**
     * Collects pairs in any order; a pair added twice sums. Memory while building is a map per row
     * that has traffic; {@link #build()} packs each row into sorted arrays.
     */
    public static final class Builder {
        private final int ranks;
        private final java.util.TreeMap<Integer, long[]>[] rows;

        @SuppressWarnings({"unchecked", "rawtypes"}) // an array of maps; each row is created typed
        private Builder(int ranks) {
            if (ranks < 0) {
                throw new IllegalArgumentException("ranks: " + ranks);
            }
            this.ranks = ranks;
            this.rows = new java.util.TreeMap[ranks];
        }

        /** Adds {@code bytes} and {@code messages} to the pair {@code from -> to}. */
        public Builder add(int from, int to, long bytes, long messages) {
            if (from < 0 || from >= ranks || to < 0 || to >= ranks) {
                throw new IllegalArgumentException(
                        "pair " + from + " -> " + to + " outside a matrix of " + ranks + " ranks");
            }
            if (rows[from] == null) {
                rows[from] = new java.util.TreeMap<>();
            }
            long[] cell = rows[from].get(to);
            if (cell == null) { // not computeIfAbsent: no lambda to link at the end of a short job
                cell = new long[2];
                rows[from].put(to, cell);
            }
            cell[0] += bytes;
            cell[1] += messages;
            return this;
        }

        /** Visits the pairs added so far, row by row, columns ascending. */
        public void forEach(CellVisitor v) {
            for (int i = 0; i < ranks; i++) {
                if (rows[i] != null) {
                    for (java.util.Map.Entry<Integer, long[]> e : rows[i].entrySet()) {
                        v.visit(i, e.getKey(), e.getValue()[0], e.getValue()[1]);
                    }
                }
            }
        }

        public TrafficMatrix build() {
            int[][] columns = new int[ranks][];
            long[][] bytes = new long[ranks][];
            long[][] messages = new long[ranks][];
            for (int i = 0; i < ranks; i++) {
                java.util.TreeMap<Integer, long[]> row = rows[i];
                if (row == null || row.isEmpty()) {
                    columns[i] = NO_COLUMNS;
                    bytes[i] = NO_VALUES;
                    messages[i] = NO_VALUES;
                    continue;
                }
                int k = 0;
                columns[i] = new int[row.size()];
                bytes[i] = new long[row.size()];
                messages[i] = new long[row.size()];
                for (java.util.Map.Entry<Integer, long[]> e : row.entrySet()) {
                    columns[i][k] = e.getKey();
                    bytes[i][k] = e.getValue()[0];
                    messages[i][k] = e.getValue()[1];
                    k++;
                }
            }
            return new TrafficMatrix(ranks, columns, bytes, messages);
        }
    }
}
