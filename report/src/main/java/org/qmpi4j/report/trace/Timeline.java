package org.qmpi4j.report.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.trace.ShardCommunicator;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.ShardSite;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * A job's trace on one clock: the calls of each chosen rank's shard ({@code ranks/rank-<r>.trace}
 * of a results folder, {@link TraceFormat}) with their start and end on the job's common clock,
 * after the clock alignment and the causality correction, exactly as {@code trace.json} and
 * {@code trace.pftrace} show them (both are built through the same {@link RankClock}). The reader
 * for every analysis of a trace (wait states, exports): it never holds a rank's calls, but streams
 * them, one rank after the other, to a {@link Visitor}.
 *
 * <p>How: {@link #open} reads each chosen rank's shard once for its clock alignment and span
 * ({@link ShardSummary}) and once for the message endpoints, from which it solves the
 * {@link CausalityCorrection} (among the chosen ranks only, as {@code qmpi4j trace} does); each
 * {@link #read} then reads a shard a third time and hands on its calls. Memory: the summaries,
 * the correction (a few numbers per rank) and, while a rank is read, its posted receives not yet
 * completed ({@link ArrowEnds}). Times on the common clock are nanoseconds from the job's zero (the
 * earliest {@code MPI_Init} entry on rank 0's clock); each rank's {@link #errorBound} says how far
 * its aligned times may be from the truth.
 *
 * <p>What a visitor gets, per rank, in file order: definitions ({@link Visitor#site},
 * {@link Visitor#communicator}) before the first call that names them; every call
 * ({@link Visitor#call}) with all its fields ({@link ShardEvent}: function, thread, peer, tag, bytes,
 * site, communicator, root, collective number, request id, received bytes, Pcontrol level); after a
 * completing call, the requests it completed ({@link Visitor#completed}); where each message's
 * arrow leaves ({@link Visitor#sent}) and ends ({@link Visitor#received}: the call that received
 * the message, for a nonblocking receive the call that completed it); the size limit if it was
 * reached; and at the end the rank's shard as read ({@link Visitor#endRank}: threads, definitions,
 * unreadable lines). Matching across ranks needs no other data: a communicator's key is the same in
 * every member's shard, the n-th collective on it ({@link ShardEvent#collectiveSeq()}) is the same
 * instance on all members, and a message's id ({@link TraceFormat#flowId(long, long, long, long,
 * String)}) is the same at both ends.
 *
 * <p>The selection's ranks are read; its time window is not applied to the calls (a reader that
 * wants it tests {@link TraceSelection#overlaps} on the times it gets), but the correction is solved
 * from the chosen ranks' messages only.
 *
 * <p>Use:
 * <pre>{@code
 * Timeline t = Timeline.open(resultsDir, ranks, TraceSelection.all());
 * for (int r : t.ranks()) {
 *     long bound = t.errorBound(r); // ns; times of rank r may be this far off before the correction
 * }
 * t.read(new Timeline.Visitor() {
 *     public void communicator(int rank, ShardCommunicator c) { ... c.key(), c.localGroup() ... }
 *     public void call(int rank, ShardEvent e, long start, long end) {
 *         if (e.collectiveSeq() != TraceFormat.NONE) {
 *             // instance (e.communicatorKey(), e.collectiveSeq()) entered at start, left at end
 *         }
 *     }
 * });
 * }</pre>
 * Fields a call does not have, or that an older shard does not write, are
 * {@link TraceFormat#NONE} ({@code null} for the site and communicator); shards of versions 1 to 3
 * read as well, without sites, communicators or request ids, their messages on {@code COMM_WORLD}.
 */
public final class Timeline {
    /** What a reader of the timeline gets; all times are on the common clock unless named local. */
    public interface Visitor {
        /** Rank {@code rank}'s calls follow; {@code clock} maps its own times. */
        default void beginRank(int rank, RankClock clock) throws IOException {}

        /** A call site defined in rank {@code rank}'s shard (version 4), before the first call from it. */
        default void site(int rank, ShardSite site) throws IOException {}

        /** A communicator defined in rank {@code rank}'s shard (version 4), before the first call on it. */
        default void communicator(int rank, ShardCommunicator communicator) throws IOException {}

        /**
         * One call of rank {@code rank} from {@code start} to {@code end} ({@code e}'s own
         * {@link ShardEvent#start()} and {@link ShardEvent#end()} are on the rank's clock); {@code e}
         * is reused for the next call: copy it ({@link ShardEvent#copy()}) to keep it.
         */
        void call(int rank, ShardEvent e, long start, long end) throws IOException;

        /**
         * The call last handed to {@link #call} completed request {@code request} (version 4; {@link TraceFormat#NONE} in version 3) and,
         * for a receive whose message is known, the message from {@code peer} with {@code tag} and
         * number {@code seq} on {@code comm} ({@code null}: {@code COMM_WORLD} in version 3);
         * those three are {@link TraceFormat#NONE} otherwise.
         */
        default void completed(int rank, long request, @Nullable ShardCommunicator comm, long peer, long tag, long seq)
                throws IOException {}

        /**
         * The arrow of message {@code id} (to {@code to}, {@code tag}, {@code seq} on the
         * communicator of key {@code comm}, {@code null} for {@code COMM_WORLD}) leaves call
         * {@code e}, the call last handed to {@link #call}.
         */
        default void sent(int rank, ShardEvent e, String id, long to, long tag, long seq, @Nullable String comm)
                throws IOException {}

        /**
         * A message's arrow ends as {@code end} says, its times on the common clock: at the
         * receive, or the call that completed a nonblocking receive; a receive posted whose
         * completion the shard does not name ends at its posting call, reported when the shard
         * ends ({@code lastCall} false).
         */
        default void received(int rank, ArrowEnd end) throws IOException {}

        /** The rank stopped recording at the size limit, at {@code time}. */
        default void limit(int rank, long time, long limitBytes, long eventsWritten) throws IOException {}

        /** Rank {@code rank}'s shard ended; {@code shard} holds what it defined and the lines it could not read. */
        default void endRank(int rank, ShardParser shard) throws IOException {}
    }

    private final Path dir;
    private final TraceSelection selection;
    private final Map<Integer, ShardSummary> summaries;
    private final List<Integer> missing;
    private final CausalityCorrection correction;

    private Timeline(
            Path dir,
            TraceSelection selection,
            Map<Integer, ShardSummary> summaries,
            List<Integer> missing,
            CausalityCorrection correction) {
        this.dir = dir;
        this.selection = selection;
        this.summaries = summaries;
        this.missing = missing;
        this.correction = correction;
    }

    /**
     * The trace of the results folder {@code dir} of a job of {@code ranks} ranks, of the ranks of
     * {@code selection}, with the causality correction.
     */
    public static Timeline open(Path dir, int ranks, TraceSelection selection) throws IOException {
        return open(dir, ranks, selection, true);
    }

    /**
     * As {@link #open(Path, int, TraceSelection)}; {@code causality}: whether to apply the
     * {@link CausalityCorrection} (without it, times are as the clocks were aligned, and a
     * message's arrow may point backwards within the clocks' error bounds).
     *
     * @throws IOException if a chosen rank's shard cannot be read, or is not a trace
     */
    public static Timeline open(Path dir, int ranks, TraceSelection selection, boolean causality) throws IOException {
        Map<Integer, ShardSummary> summaries = new TreeMap<>();
        List<Integer> missing = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            if (!selection.hasRank(r)) {
                continue;
            }
            Path shard = ResultFiles.rankTrace(dir, r);
            if (Files.isRegularFile(shard) && Files.size(shard) > 0) {
                summaries.put(r, ShardSummary.scan(shard, r));
            } else {
                missing.add(r);
            }
        }
        CausalityCorrection correction = causality && !summaries.isEmpty()
                ? CausalityCorrection.fromShards(dir, ranks, new ArrayList<>(summaries.values()))
                : CausalityCorrection.NONE;
        return new Timeline(dir, selection, summaries, missing, correction);
    }

    /** The chosen ranks that have a shard, in order: the ones {@link #read} streams. */
    public List<Integer> ranks() {
        return List.copyOf(summaries.keySet());
    }

    /** The chosen ranks without a shard (or with an empty one). */
    public List<Integer> missingRanks() {
        return Collections.unmodifiableList(missing);
    }

    public TraceSelection selection() {
        return selection;
    }

    /** The causality correction applied ({@link CausalityCorrection#NONE} if not asked for). */
    public CausalityCorrection correction() {
        return correction;
    }

    /** Rank {@code rank}'s shard summary: size, calls, span, clock alignment and zero. */
    public ShardSummary summary(int rank) {
        ShardSummary s = summaries.get(rank);
        if (s == null) {
            throw new IllegalArgumentException("rank " + rank + " has no shard in this timeline");
        }
        return s;
    }

    /** How rank {@code rank}'s own times map onto the common clock. */
    public RankClock clock(int rank) {
        ShardSummary s = summary(rank);
        return new RankClock(rank, s.clock(), s.zero(), correction);
    }

    /**
     * How far rank {@code rank}'s aligned times may be from the truth over its calls, before the
     * causality correction (which moves each rank within this bound where it can:
     * {@link CausalityCorrection#withinBounds()}): the {@code error_bound_ns} of {@code trace.json};
     * 0 for rank 0; -1 when the rank's clock was never measured or it made no call.
     */
    public long errorBound(int rank) {
        ShardSummary s = summary(rank);
        return s.events() == 0 ? -1 : clock(rank).errorBound(s.firstLocal(), s.lastLocal());
    }

    /** Streams every chosen rank's calls to {@code visitor}, one rank after the other, in rank order. */
    public void read(Visitor visitor) throws IOException {
        for (int r : summaries.keySet()) {
            read(r, visitor);
        }
    }

    /** Streams rank {@code rank}'s calls to {@code visitor}. */
    public void read(int rank, Visitor visitor) throws IOException {
        RankClock clock = clock(rank);
        RankReader reader = new RankReader(rank, clock, visitor);
        visitor.beginRank(rank, clock);
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(ResultFiles.rankTrace(dir, rank))) {
            int n;
            while ((n = in.read(buf)) > 0) {
                reader.parser.feed(buf, 0, n);
            }
        }
        reader.parser.end();
        reader.ends.finish();
        visitor.endRank(rank, reader.parser);
    }

    /** One rank's shard, through the arrow ends, to the visitor on the common clock. */
    private static final class RankReader implements ShardParser.Listener, ArrowEnds.Sink {
        final int rank;
        final RankClock clock;
        final Visitor visitor;
        final ArrowEnds ends;
        final ShardParser parser;
        private long start;
        private long end;

        RankReader(int rank, RankClock clock, Visitor visitor) {
            this.rank = rank;
            this.clock = clock;
            this.visitor = visitor;
            this.ends = new ArrowEnds(rank, this);
            this.parser = new ShardParser(rank, this);
        }

        // ---- from the parser ----

        @Override
        public void event(ShardEvent e) throws IOException {
            ends.event(e); // calls back call(), sent(), received()
        }

        @Override
        public void completed(
                ShardEvent call, long request, @Nullable ShardCommunicator comm, long peer, long tag, long seq)
                throws IOException {
            visitor.completed(rank, request, comm, peer, tag, seq);
            ends.completed(call, request, comm, peer, tag, seq);
        }

        @Override
        public void site(ShardSite site) throws IOException {
            visitor.site(rank, site);
        }

        @Override
        public void communicator(ShardCommunicator communicator) throws IOException {
            visitor.communicator(rank, communicator);
        }

        /** From the parser (the arrow ends' method of the same name only forwards it here). */
        @Override
        public void limit(long limitBytes, long eventsWritten, long localTime) throws IOException {
            visitor.limit(rank, clock.common(localTime), limitBytes, eventsWritten);
        }

        // ---- from the arrow ends ----

        @Override
        public void call(ShardEvent e) throws IOException {
            start = clock.common(e.start());
            end = clock.common(e.end());
            visitor.call(rank, e, start, end);
        }

        @Override
        public void sent(ShardEvent e, String id, long to, long tag, long seq, @Nullable String comm)
                throws IOException {
            visitor.sent(rank, e, id, to, tag, seq, comm);
        }

        @Override
        public void received(ArrowEnd a) throws IOException {
            // The last call's times are converted already; an end held since its posting is not.
            visitor.received(rank, a.lastCall ? a.at(start, end) : a.at(clock.common(a.start), clock.common(a.end)));
        }
    }
}
