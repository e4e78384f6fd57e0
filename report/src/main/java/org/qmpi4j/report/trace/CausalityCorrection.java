package org.qmpi4j.report.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonWriter;
import org.qmpi4j.formats.trace.ClockModel;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * Makes every message arrow point forwards after the clocks were aligned ({@link ClockModel}):
 * the alignment is right only within its error bounds, and where a message takes less time than
 * the bounds (shared memory: well under a microsecond) its arrow can still point backwards.
 *
 * <p>The correction is a shift per rank that varies linearly between {@link #SEGMENTS} + 1
 * points spread evenly over the job (a correction of the aligned clock in the model's own form:
 * offsets that may change along the run, as the alignment's error does between the two
 * measurements). It is solved from the messages alone, in the manner of the timestamp
 * synchronisation of established HPC tracers but as a system of difference constraints, so that
 * no event is singled out: every message from rank s, sent by a call starting at S, received by a
 * call ending at R (on the aligned clock), asks {@code shift_r(R) - shift_s(S) >= S - R + 2 +}
 * {@link #MIN_LATENCY_NS} (the 2 ns: arrows sit 1 ns inside their slices). Each rank's shift
 * stays within the error bound its clock alignment states at each point, rank 0 (the reference)
 * is not moved, and neighbouring points differ by at most half a segment (so the calls of a rank
 * keep their order). Of the solutions the one that moves least is taken: a rank that must move
 * back moves back only as far as it must, then ranks are moved forwards only as far as a chain of
 * messages forces (the least solution above the first). If the bounds do not allow a solution
 * (a clock behaved outside the model: a jump, drift that was not linear), the bounds are dropped
 * and ranks move as far as needed; the trace's metadata says by how much and that it is beyond the
 * bound. If no shift can satisfy the messages (contradicting times, e.g. a message received on a
 * rank before that rank sent the message it answers), no correction is applied and the metadata
 * says so.
 *
 * <p>Cost: one pass over each rank's shard before the trace is written, keeping only the message
 * endpoints not yet paired with their other end (at most {@link #MAX_UNMATCHED}; past that the
 * others are not used and are counted), and per pair of ranks and pair of segments the tightest
 * constraint (collected at {@link #FINEST} segments); solving is a worklist relaxation over ranks x
 * ({@link #SEGMENTS} + 1) points, repeated on 64 and {@link #FINEST} segments while the coarser grid
 * does not solve within the bounds.
 *
 * <p>One class because it is one algorithm, described once above: the {@link Collector} that gathers
 * the constraints and the graph that solves them exist only to build one correction.
 */
public final class CausalityCorrection {
    /** The least time a message takes in the corrected trace, beyond the arrows' 1 ns insets. */
    public static final long MIN_LATENCY_NS = 0;
    /** Segments of the job over which each rank's shift varies linearly, at first. */
    public static final int SEGMENTS = 16;
    /**
     * The finest segmentation tried, and the one message ends are collected at. A coarse grid asks
     * each message's constraint of the whole segment, so when the alignment's residual drift within
     * a segment exceeds a round trip (sub-microsecond ping-pongs over shared memory), the messages of
     * one segment contradict each other there although they are consistent in time; finer segments
     * follow the drift closely enough.
     */
    static final int FINEST = 256;
    /** Segmentations tried in turn until one solves within the bounds. */
    private static final int[] RESOLUTIONS = {SEGMENTS, 64, FINEST};
    /** Most message endpoints held while waiting for the other end. */
    static final int MAX_UNMATCHED = 1 << 20;

    private static final long INSET = 2;
    private static final long UNBOUNDED = 1_000_000_000_000_000L;
    private static final int MAX_RANK = (1 << 23) - 1;

    /** Applied to nothing: no message arrows, or not asked for. */
    public static final CausalityCorrection NONE =
            new CausalityCorrection("not applied", 0, 1, SEGMENTS, new TreeMap<>(), new TreeMap<>(), 0, 0, 0, 0, 0);

    private final String status;
    private final long start;
    private final long span;
    private final int segments;
    private final Map<Integer, long[]> shifts;
    private final Map<Integer, long[]> bounds;
    private final long messages;
    private final long backwardBefore;
    private final long unmatched;
    private final long notUsed;
    private final long contradicting;

    private CausalityCorrection(
            String status,
            long start,
            long span,
            int segments,
            Map<Integer, long[]> shifts,
            Map<Integer, long[]> bounds,
            long messages,
            long backwardBefore,
            long unmatched,
            long notUsed,
            long contradicting) {
        this.status = status;
        this.start = start;
        this.span = Math.max(1, span);
        this.segments = segments;
        this.shifts = shifts;
        this.bounds = bounds;
        this.messages = messages;
        this.backwardBefore = backwardBefore;
        this.unmatched = unmatched;
        this.notUsed = notUsed;
        this.contradicting = contradicting;
    }

    /** What the correction adds to rank {@code rank}'s time {@code common} (aligned clock, from the job's zero). */
    public long shift(int rank, long common) {
        long[] c = shifts.get(rank);
        if (c == null) {
            return 0;
        }
        int j = segment(common, start, span, segments);
        long g0 = grid(j, start, span, segments);
        long g1 = grid(j + 1, start, span, segments);
        if (common <= g0) {
            return c[j];
        }
        if (common >= g1) {
            return c[j + 1];
        }
        double f = (double) (common - g0) / (double) (g1 - g0);
        return c[j] + Math.round((c[j + 1] - c[j]) * f);
    }

    /** The largest shift of rank {@code rank}, by magnitude, with its sign (0 if not moved). */
    public long largestShift(int rank) {
        long[] c = shifts.get(rank);
        long m = 0;
        if (c != null) {
            for (long v : c) {
                if (Math.abs(v) > Math.abs(m)) {
                    m = v;
                }
            }
        }
        return m;
    }

    /** Whether every shift is within its rank's stated error bound. */
    public boolean withinBounds() {
        for (Map.Entry<Integer, long[]> e : shifts.entrySet()) {
            long[] b = bounds.get(e.getKey());
            for (int j = 0; j < e.getValue().length; j++) {
                if (b == null || Math.abs(e.getValue()[j]) > b[j]) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Messages paired (both ends seen) and used. */
    public long messages() {
        return messages;
    }

    /** Of those, how many pointed backwards before the correction. */
    public long backwardBefore() {
        return backwardBefore;
    }

    /** {@code within the error bounds}, {@code beyond the error bounds}, {@code not possible}, {@code not applied}. */
    public String status() {
        return status;
    }

    /** The trace metadata {@code clock_correction}. */
    void write(JsonWriter w) {
        w.beginObject()
                .member(
                        "method",
                        "per-rank shift, linear between " + (segments + 1) + " points over the job, solved from the"
                                + " messages (every receive ends at or after its send starts + min_latency_ns), within"
                                + " each rank's clock error bound where possible, moving as little as possible;"
                                + " rank 0 not moved")
                .member("status", status)
                .member("segments", segments)
                .member("min_latency_ns", MIN_LATENCY_NS)
                .member("messages", messages)
                .member("backward_before", backwardBefore)
                .member("unmatched_ends", unmatched)
                .member("ends_not_used", notUsed);
        if (contradicting > 0) {
            w.member("unmet_constraints", contradicting);
        }
        w.member("grid_start_ns", start).member("grid_end_ns", start + span);
        w.name("moved_ranks").beginArray();
        for (Map.Entry<Integer, long[]> e : shifts.entrySet()) {
            long[] b = bounds.get(e.getKey());
            long bound = 0;
            boolean within = true;
            for (int j = 0; j < e.getValue().length; j++) {
                long bj = b == null ? 0 : b[j];
                bound = Math.max(bound, bj >= UNBOUNDED ? -1 : bj);
                within &= Math.abs(e.getValue()[j]) <= bj;
            }
            w.beginInlineObject()
                    .member("rank", e.getKey())
                    .member("largest_shift_ns", largestShift(e.getKey()))
                    .member("bound_ns", bound)
                    .member("within_bound", within);
            w.name("shift_ns").beginInlineArray();
            for (long v : e.getValue()) {
                w.value(v);
            }
            w.endArray();
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }

    /** A collector for the job whose shards {@code shards} summarise: their span, clocks and zeros set. */
    public static Collector collector(int ranks, Iterable<ShardSummary> shards) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (ShardSummary x : shards) {
            if (x.events() > 0) {
                first = Math.min(first, x.start());
                last = Math.max(last, x.end());
            }
        }
        Collector c = first > last ? new Collector(ranks, 0, 0) : new Collector(ranks, first, last);
        for (ShardSummary x : shards) {
            c.clock(x.rank(), x.clock(), x.zero());
        }
        return c;
    }

    /**
     * Solves the correction from the shards in {@code dir} that {@code shards} summarise: one more
     * pass over each.
     */
    public static CausalityCorrection fromShards(Path dir, int ranks, List<ShardSummary> shards) throws IOException {
        Collector c = collector(ranks, shards);
        byte[] buf = new byte[1 << 16];
        for (ShardSummary x : shards) {
            try (InputStream in = Files.newInputStream(ResultFiles.rankTrace(dir, x.rank()))) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    c.feed(x.rank(), buf, 0, n);
                }
            }
            c.endRank(x.rank());
        }
        return c.solve();
    }

    static int segment(long t, long start, long span, int segments) {
        if (t <= start) {
            return 0;
        }
        long j = (long) ((double) (t - start) * segments / span);
        return (int) Math.max(0, Math.min(segments - 1, j));
    }

    static long grid(int j, long start, long span, int segments) {
        return start + (long) ((double) span * j / segments);
    }

    /**
     * Collects the message endpoints of a job's shards, fed one rank after the other (each rank's
     * clock alignment and zero set first), and solves the correction.
     */
    public static final class Collector {
        private static final byte SENT = 1;
        private static final byte RECEIVED = 2;

        private final int ranks;
        private final long start;
        private final long span;
        private final Map<Integer, ClockModel> clocks = new TreeMap<>();
        private final Map<Integer, Long> zeros = new TreeMap<>();
        private final Map<Integer, ShardParser> parsers = new TreeMap<>();
        private final Map<Integer, ArrowEnds> ends = new TreeMap<>();
        private final LongPairTable pending = new LongPairTable(MAX_UNMATCHED);
        /** (s << 40 | d << 16 | js << 8 | jd, 0) -> the largest S - R + 2 + latency. */
        private final LongPairTable constraints = new LongPairTable(Integer.MAX_VALUE / 4);

        private long messages;
        private long backwardBefore;
        private long notUsed;

        /**
         * @param startNs the job's first call on the aligned clock (from the zero)
         * @param endNs its last
         */
        public Collector(int ranks, long startNs, long endNs) {
            this.ranks = ranks;
            this.start = startNs;
            this.span = Math.max(FINEST, endNs - startNs);
        }

        /** Rank {@code rank}'s clock alignment and the job's zero, before its shard is fed. */
        public void clock(int rank, ClockModel clock, long zero) {
            clocks.put(rank, clock);
            zeros.put(rank, zero);
        }

        /** Feeds {@code len} bytes of rank {@code rank}'s shard, in file order. */
        public void feed(int rank, byte[] data, int off, int len) throws IOException {
            parser(rank).feed(data, off, len);
        }

        /** Rank {@code rank}'s shard ended. */
        public void endRank(int rank) throws IOException {
            ShardParser p = parsers.remove(rank);
            ArrowEnds a = ends.remove(rank);
            if (p != null) {
                p.end();
                a.finish();
            }
        }

        private ShardParser parser(int rank) {
            ShardParser p = parsers.get(rank);
            if (p == null) {
                ArrowEnds a = new ArrowEnds(rank, new Endpoints(rank));
                p = new ShardParser(rank, a);
                parsers.put(rank, p);
                ends.put(rank, a);
            }
            return p;
        }

        private long common(int rank, long local) {
            return RankClock.aligned(
                    clocks.getOrDefault(rank, ClockModel.IDENTITY), zeros.getOrDefault(rank, 0L), local);
        }

        private final class Endpoints implements ArrowEnds.Sink {
            private final int rank;

            Endpoints(int rank) {
                this.rank = rank;
            }

            @Override
            public void call(ShardEvent e) {}

            @Override
            public void sent(ShardEvent e, String id, long to, long tag, long seq, String comm) {
                endpoint(rank, to, tag, seq, comm, common(rank, e.start()), SENT);
            }

            @Override
            public void received(
                    String id,
                    long from,
                    long tag,
                    long seq,
                    String comm,
                    long tid,
                    long startLocal,
                    long endLocal,
                    boolean lastCall) {
                endpoint(from, rank, tag, seq, comm, common(rank, endLocal), RECEIVED);
            }
        }

        private void endpoint(long from, long to, long tag, long seq, String comm, long time, byte side) {
            if (from < 0 || to < 0 || from > MAX_RANK || to > MAX_RANK || from >= ranks || to >= ranks) {
                return;
            }
            long a = (from << 32) | to;
            // Messages on other communicators than COMM_WORLD: the key's hash tells them apart.
            long b = (tag << 32)
                    ^ seq
                    ^ (comm == null || comm.equals(TraceFormat.WORLD_KEY) ? 0 : TraceFormat.fnv1a64(comm));
            int at = pending.find(a, b);
            if (at >= 0 && pending.tag(at) != side) {
                long other = pending.value(at);
                pending.remove(at);
                long sendAt = side == SENT ? time : other;
                long receiveAt = side == SENT ? other : time;
                pair((int) from, (int) to, sendAt, receiveAt);
            } else if (!pending.put(a, b, time, side)) {
                notUsed++;
            }
        }

        private void pair(int s, int d, long sendAt, long receiveAt) {
            long v = sendAt - receiveAt + INSET + MIN_LATENCY_NS;
            messages++;
            if (v > 0) {
                backwardBefore++;
            }
            int js = segment(sendAt, start, span, FINEST);
            int jd = segment(receiveAt, start, span, FINEST);
            long key = ((long) s << 40) | ((long) d << 16) | ((long) js << 8) | jd;
            int at = constraints.find(key, 0);
            if (at < 0) {
                if (!constraints.put(key, 0, v, (byte) 1)) {
                    notUsed++;
                }
            } else if (v > constraints.value(at)) {
                constraints.put(key, 0, v, (byte) 1);
            }
        }

        /** The error bound of rank {@code rank}'s alignment at the aligned time {@code common}. */
        private long bound(int rank, long common) {
            if (rank == 0) {
                return 0;
            }
            ClockModel c = clocks.get(rank);
            if (c == null || c.measurements() == 0) {
                return UNBOUNDED; // no alignment measured: nothing bounds how wrong the clock is
            }
            long reference = common + zeros.getOrDefault(rank, 0L);
            long local = reference - c.offsetAt(reference - c.firstOffset());
            return c.errorAt(local);
        }

        /**
         * Solves the correction from the messages fed: on {@link #SEGMENTS} segments first, on finer
         * ones while that is not within the bounds (see {@link #FINEST}).
         */
        public CausalityCorrection solve() {
            CausalityCorrection best = null;
            for (int segments : RESOLUTIONS) {
                CausalityCorrection c = solve(segments);
                if (c.status.equals("within the error bounds")) {
                    return c;
                }
                if (best == null || (best.status.equals("not possible") && !c.status.equals("not possible"))) {
                    best = c;
                }
            }
            return best;
        }

        /** The tightest constraint per pair of ranks and pair of segments, of {@code segments}. */
        private LongPairTable constraintsAt(int segments) {
            if (segments == FINEST) {
                return constraints;
            }
            int per = FINEST / segments;
            LongPairTable coarse = new LongPairTable(Integer.MAX_VALUE / 4);
            for (int i = 0; i < constraints.capacity(); i++) {
                if (!constraints.used(i)) {
                    continue;
                }
                long k = constraints.key1(i);
                long js = ((k >>> 8) & 0xFF) / per;
                long jd = (k & 0xFF) / per;
                long key = (k & ~0xFFFFL) | (js << 8) | jd;
                long v = constraints.value(i);
                int at = coarse.find(key, 0);
                if (at < 0 || v > coarse.value(at)) {
                    coarse.put(key, 0, v, (byte) 1);
                }
            }
            return coarse;
        }

        private CausalityCorrection solve(int segments) {
            long unmatched = pending.size();
            LongPairTable constraints = constraintsAt(segments);
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
            Graph g = new Graph(nodes, 2 * n * segments + 4 * constraints.size());
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
                int s = index.get((int) (k >>> 40));
                int d = index.get((int) ((k >>> 16) & 0xFFFFFF));
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
                    b[j] = Math.min(UNBOUNDED, bound(rankOf[r], grid(j, start, span, segments)));
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
                    upper[i] = i < points ? 0 : UNBOUNDED; // rank 0 (index 0) stays the reference
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
                        "not possible",
                        segments,
                        new TreeMap<>(),
                        boundsByRank,
                        unmatched,
                        g.violated(new long[nodes]));
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
                Map<Integer, long[]> bounds,
                long unmatched,
                long bad) {
            return new CausalityCorrection(
                    status, start, span, segments, shifts, bounds, messages, backwardBefore, unmatched, notUsed, bad);
        }
    }

    /** Difference constraints value[y] >= value[x] + w, solved by worklist relaxation. */
    private static final class Graph {
        private final int nodes;
        private final int[] from;
        private final int[] to;
        private final long[] weight;
        private final int[] outStart;
        private final int[] outEdges;
        private final int[] inStart;
        private final int[] inEdges;

        private int edges;

        Graph(int nodes, int capacity) {
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
        long[] greatest(long[] upper) {
            long[] v = upper.clone();
            ArrayDeque<Integer> work = new ArrayDeque<>();
            boolean[] queued = new boolean[nodes];
            int[] rounds = new int[nodes];
            for (int i = 0; i < nodes; i++) {
                work.add(i);
                queued[i] = true;
            }
            while (!work.isEmpty()) {
                int y = work.poll();
                queued[y] = false;
                for (int k = inStart[y]; k < inStart[y + 1]; k++) {
                    int e = inEdges[k];
                    int x = from[e];
                    long limit = v[y] - weight[e]; // value[x] <= value[y] - w
                    if (limit < v[x]) {
                        v[x] = limit;
                        if (++rounds[x] > nodes + 1) {
                            return null;
                        }
                        if (!queued[x]) {
                            queued[x] = true;
                            work.add(x);
                        }
                    }
                }
            }
            return v;
        }

        /** The least solution at least {@code lower}, or {@code null} if there is none (a cycle). */
        long[] least(long[] lower) {
            long[] v = lower.clone();
            ArrayDeque<Integer> work = new ArrayDeque<>();
            boolean[] queued = new boolean[nodes];
            int[] rounds = new int[nodes];
            for (int i = 0; i < nodes; i++) {
                work.add(i);
                queued[i] = true;
            }
            while (!work.isEmpty()) {
                int x = work.poll();
                queued[x] = false;
                for (int k = outStart[x]; k < outStart[x + 1]; k++) {
                    int e = outEdges[k];
                    int y = to[e];
                    long need = v[x] + weight[e];
                    if (need > v[y]) {
                        v[y] = need;
                        if (++rounds[y] > nodes + 1) {
                            return null;
                        }
                        if (!queued[y]) {
                            queued[y] = true;
                            work.add(y);
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
}
