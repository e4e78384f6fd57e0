package org.qmpi4j.formats.profile;

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
     * Collects pairs in any order; a pair added twice sums. Each row that has traffic is three
     * parallel arrays sorted by receiver (primitive, no object per pair: a job of 65,536 ranks
     * holds millions of pairs), which {@link #build()} copies trimmed.
     */
    public static final class Builder {
        private final int ranks;
        private final int[][] columns;
        private final long[][] bytes;
        private final long[][] messages;
        private final int[] used;

        private Builder(int ranks) {
            if (ranks < 0) {
                throw new IllegalArgumentException("ranks: " + ranks);
            }
            this.ranks = ranks;
            this.columns = new int[ranks][];
            this.bytes = new long[ranks][];
            this.messages = new long[ranks][];
            this.used = new int[ranks];
        }

        /** Adds {@code bytes} and {@code messages} to the pair {@code from -> to}. */
        public Builder add(int from, int to, long bytes, long messages) {
            if (from < 0 || from >= ranks || to < 0 || to >= ranks) {
                throw new IllegalArgumentException(
                        "pair " + from + " -> " + to + " outside a matrix of " + ranks + " ranks");
            }
            int n = used[from];
            int[] c = columns[from];
            int k = c == null ? -1 : Arrays.binarySearch(c, 0, n, to);
            if (k < 0) {
                k = -k - 1;
                if (c == null || n == c.length) {
                    int grown = c == null ? 4 : n * 2;
                    columns[from] = c = c == null ? new int[grown] : Arrays.copyOf(c, grown);
                    this.bytes[from] =
                            this.bytes[from] == null ? new long[grown] : Arrays.copyOf(this.bytes[from], grown);
                    this.messages[from] =
                            this.messages[from] == null ? new long[grown] : Arrays.copyOf(this.messages[from], grown);
                }
                long[] b = this.bytes[from];
                long[] m = this.messages[from];
                System.arraycopy(c, k, c, k + 1, n - k);
                System.arraycopy(b, k, b, k + 1, n - k);
                System.arraycopy(m, k, m, k + 1, n - k);
                c[k] = to;
                b[k] = 0;
                m[k] = 0;
                used[from] = n + 1;
            }
            this.bytes[from][k] += bytes;
            this.messages[from][k] += messages;
            return this;
        }

        /** Visits the pairs added so far, row by row, columns ascending. */
        public void forEach(CellVisitor v) {
            for (int i = 0; i < ranks; i++) {
                for (int k = 0; k < used[i]; k++) {
                    v.visit(i, columns[i][k], bytes[i][k], messages[i][k]);
                }
            }
        }

        public TrafficMatrix build() {
            int[][] c = new int[ranks][];
            long[][] b = new long[ranks][];
            long[][] m = new long[ranks][];
            for (int i = 0; i < ranks; i++) {
                int n = used[i];
                if (n == 0) {
                    c[i] = NO_COLUMNS;
                    b[i] = NO_VALUES;
                    m[i] = NO_VALUES;
                } else {
                    c[i] = Arrays.copyOf(columns[i], n);
                    b[i] = Arrays.copyOf(bytes[i], n);
                    m[i] = Arrays.copyOf(messages[i], n);
                }
            }
            return new TrafficMatrix(ranks, c, b, m);
        }
    }
}
