package org.qmpi4j.report.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonWriter;
import org.qmpi4j.formats.trace.ClockModel;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.ShardSummary;

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
 * <p>The {@link Collector} reads the shards into {@link MessageConstraints}, which the
 * {@link CorrectionSolver} turns into {@link DifferenceConstraints} and solves; this class is the
 * result (the shifts, and the metadata that describes them).
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
    /** Most message endpoints held while waiting for the other end. */
    static final int MAX_UNMATCHED = 1 << 20;

    /** A bound that bounds nothing: a rank whose clock alignment was not measured. */
    static final long UNBOUNDED = 1_000_000_000_000_000L;

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

    CausalityCorrection(
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
        private final Map<Integer, ClockModel> clocks = new TreeMap<>();
        private final Map<Integer, Long> zeros = new TreeMap<>();
        /** The shards being fed, by rank. */
        private final Map<Integer, Feed> feeds = new TreeMap<>();

        private final MessageConstraints messages;

        /**
         * @param startNs the job's first call on the aligned clock (from the zero)
         * @param endNs its last
         */
        public Collector(int ranks, long startNs, long endNs) {
            this.messages = new MessageConstraints(ranks, startNs, Math.max(FINEST, endNs - startNs));
        }

        /** Rank {@code rank}'s clock alignment and the job's zero, before its shard is fed. */
        public void clock(int rank, ClockModel clock, long zero) {
            clocks.put(rank, clock);
            zeros.put(rank, zero);
        }

        /** Feeds {@code len} bytes of rank {@code rank}'s shard, in file order. */
        public void feed(int rank, byte[] data, int off, int len) throws IOException {
            feeds.computeIfAbsent(rank, Feed::new).parser.feed(data, off, len);
        }

        /** Rank {@code rank}'s shard ended. */
        public void endRank(int rank) throws IOException {
            Feed f = feeds.remove(rank);
            if (f != null) {
                f.parser.end();
                f.ends.finish();
            }
        }

        /** One rank's shard being fed: its parser, and the arrow ends the parser tells. */
        private final class Feed {
            final ArrowEnds ends;
            final ShardParser parser;

            Feed(int rank) {
                this.ends = new ArrowEnds(rank, new Endpoints(rank));
                this.parser = new ShardParser(rank, ends);
            }
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
            public void sent(ShardEvent e, String id, long to, long tag, long seq, @Nullable String comm) {
                messages.sent(rank, to, tag, seq, comm, common(rank, e.start()));
            }

            @Override
            public void received(ArrowEnd a) {
                messages.received(a.from, rank, a.tag, a.seq, a.comm, common(rank, a.end));
            }
        }

        /** The error bounds of the ranks' clock alignments. */
        private final class ClockBounds implements CorrectionSolver.Bounds {
            @Override
            public long at(int rank, long common) {
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
        }

        /**
         * Solves the correction from the messages fed: on {@link #SEGMENTS} segments first, on finer
         * ones while that is not within the bounds (see {@link #FINEST}).
         */
        public CausalityCorrection solve() {
            return new CorrectionSolver(messages, new ClockBounds()).solve();
        }
    }
}
