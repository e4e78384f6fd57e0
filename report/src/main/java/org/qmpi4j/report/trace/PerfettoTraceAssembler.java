package org.qmpi4j.report.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.ClockModel;
import org.qmpi4j.formats.trace.ClockSummary;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.formats.trace.TraceResult;

/**
 * Turns per-rank trace files ({@link TraceFormat}) into one Perfetto protobuf trace
 * ({@link PerfettoTraceWriter}), the counterpart of {@link ChromeTraceAssembler} for traces too
 * large for the JSON viewers. Streams like it: shards arrive in chunks of any size, interleaved
 * between ranks or one after the other (each rank is its own packet sequence, so the order of
 * packets across ranks does not matter to the format), and only one held call per rank is kept.
 * Each rank's clock alignment must be given ({@link #rank}) before its shard is fed: the slices
 * are written as they are read.
 */
public final class PerfettoTraceAssembler implements ShardAssembler {
    private final PerfettoTraceWriter w;
    private final int ranks;
    private final Map<Integer, PerfettoRank> states = new TreeMap<>();
    private TraceSelection selection = TraceSelection.all();
    private CausalityCorrection correction = CausalityCorrection.NONE;
    private boolean finished;
    private boolean severalHosts;

    public PerfettoTraceAssembler(OutputStream out, int ranks) {
        this(out, ranks, PerfettoTraceWriter.Strings.INTERNED);
    }

    /** An assembler whose writer spells its strings as {@code strings} says. */
    public PerfettoTraceAssembler(OutputStream out, int ranks, PerfettoTraceWriter.Strings strings) {
        this.w = new PerfettoTraceWriter(out, strings);
        this.ranks = ranks;
    }

    /** Applies {@code correction} to every time; set before any rank. */
    public void correction(CausalityCorrection correction) {
        this.correction = correction;
    }

    /** Keeps only calls in {@code selection}'s window and arrows between its ranks; set before any rank. */
    public void select(TraceSelection selection) {
        this.selection = selection;
    }

    /**
     * Names each rank's track after its host ({@link RankNames}) when {@code all}, the summaries of
     * the ranks to come, name several hosts; call before any rank.
     */
    public void hosts(List<ShardSummary> all) {
        List<String> hosts = new ArrayList<>();
        for (ShardSummary s : all) {
            hosts.add(s.host());
        }
        severalHosts = RankNames.severalHosts(hosts);
    }

    /**
     * Starts rank {@code summary.rank()}'s track with a note of how its clock was aligned; its
     * shard may be fed after this.
     */
    public void rank(ShardSummary summary) throws IOException {
        int r = summary.rank();
        if (r < 0 || r >= ranks) {
            throw new IllegalArgumentException("rank " + r + " outside 0.." + (ranks - 1));
        }
        if (states.containsKey(r)) {
            throw new IllegalStateException("rank " + r + " started twice");
        }
        w.rank(r, RankNames.of(r, summary.host(), severalHosts));
        ClockModel c = summary.clock();
        w.instant(
                r,
                summary.start(),
                "qmpi4j: clock alignment",
                "offset_ns",
                c.firstOffset() + " at MPI_Init, " + c.lastOffset() + " at MPI_Finalize",
                "error_ns",
                c.firstError() + " at MPI_Init, " + c.lastError() + " at MPI_Finalize",
                "error_bound_ns",
                summary.events() > 0
                        ? Long.toString(ClockSummary.bound(c, summary.firstLocal(), summary.lastLocal()))
                        : "no calls",
                "measurements",
                Integer.toString(c.measurements()),
                "causality_shift_ns",
                "up to " + correction.largestShift(r) + " (" + correction.status() + ")");
        states.put(r, new PerfettoRank(w, r, summary, correction, selection));
    }

    @Override
    public void feed(int rank, byte[] data, int off, int len) throws IOException {
        state(rank).parser.feed(data, off, len);
    }

    @Override
    public void endRank(int rank) throws IOException {
        PerfettoRank s = state(rank);
        if (s.ended) {
            return;
        }
        s.ended = true;
        s.parser.end();
        s.ends.finish();
        s.flush();
        s.endLevels();
    }

    private PerfettoRank state(int rank) {
        PerfettoRank s = states.get(rank);
        if (s == null) {
            throw new IllegalStateException("rank " + rank + " fed before its clock alignment");
        }
        return s;
    }

    /** Ends every rank still open and flushes the output; ranks of the selection never started are missing. */
    public TraceResult finish() throws IOException {
        if (finished) {
            throw new IllegalStateException("already finished");
        }
        finished = true;
        Map<Integer, Long> calls = new TreeMap<>();
        List<Integer> truncated = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            PerfettoRank s = states.get(r);
            if (s == null || !s.parser.headerSeen()) {
                if (selection.hasRank(r)) {
                    missing.add(r);
                }
                if (s == null) {
                    continue;
                }
            }
            endRank(r);
            problems.addAll(s.parser.problems());
            if (s.parser.headerSeen()) {
                calls.put(r, s.written);
            }
            if (s.parser.truncated()) {
                truncated.add(r);
            }
        }
        w.close();
        return new TraceResult(calls, truncated, missing, problems);
    }

    /**
     * One rank's calls as Perfetto slices. A slice is held until the lines after it are read, since
     * the arrows that end at a completing call ({@code W} lines) follow its {@code E} line and a
     * Perfetto slice carries its arrows' ids; an arrow that ends at an earlier call (a posted
     * receive whose completion was not seen) ends at an instant on that call's track.
     */
    private static final class PerfettoRank implements ArrowEnds.Sink {
        private final PerfettoTraceWriter w;
        private final int rank;
        private final ShardSummary summary;
        private final CausalityCorrection correction;
        private final TraceSelection selection;
        final ShardParser parser;
        final ArrowEnds ends;
        private final RankClock clock;
        private final PerfettoJvmSlices jvm;
        long written;
        boolean ended;

        private boolean held;
        private final ShardEvent call = new ShardEvent();
        private long start;
        private long end;
        private @Nullable String sent;
        private final List<String> received = new ArrayList<>();
        /** The level the last MPI_PCONTROL set (a version-4 shard says it), or NONE. */
        private long level = TraceFormat.NONE;
        /** Whether the writer's current level slice is {@link #level}. */
        private boolean levelShown;
        /** End of the last call written, where the last level slice ends. */
        private long lastEnd = Long.MIN_VALUE;
        /** End of the last call read (written or not), where the interval before the next begins. */
        private long previousExit = Long.MIN_VALUE;

        PerfettoRank(
                PerfettoTraceWriter w,
                int rank,
                ShardSummary summary,
                CausalityCorrection correction,
                TraceSelection selection) {
            this.w = w;
            this.rank = rank;
            this.summary = summary;
            this.correction = correction;
            this.selection = selection;
            this.ends = new ArrowEnds(rank, this);
            this.parser = new ShardParser(rank, ends);
            this.clock = new RankClock(rank, summary.clock(), summary.zero(), correction);
            this.jvm = new PerfettoJvmSlices(w, rank);
        }

        private long common(long local) {
            return clock.common(local);
        }

        @Override
        public void call(ShardEvent e) throws IOException {
            flush();
            start = common(e.start());
            end = common(e.end());
            long before = previousExit; // Long.MIN_VALUE before the first call: the interval's start is not known
            previousExit = Math.max(previousExit, end);
            if (e.hasJvm()) {
                jvm.write(e, before, start, end, selection);
            }
            boolean setsLevel = e.pcontrolLevel() != TraceFormat.NONE;
            if (setsLevel) {
                level = e.pcontrolLevel();
                levelShown = false;
            }
            if (!selection.overlaps(start, end)) {
                return;
            }
            if (level != TraceFormat.NONE && !levelShown) {
                // From the call that set it, or, set before the window, from the window's first call.
                w.level(rank, setsLevel ? end : start, (int) level);
                levelShown = true;
            }
            lastEnd = Math.max(lastEnd, end);
            call.copyFrom(e);
            held = true;
        }

        /** Ends the last measurement level at the last call written. */
        void endLevels() throws IOException {
            if (lastEnd != Long.MIN_VALUE) {
                w.levelsEnd(rank, lastEnd);
            }
        }

        @Override
        public void sent(ShardEvent e, String id, long to, long tag, long seq, @Nullable String comm) {
            if (held && selection.hasRank(to)) {
                sent = id;
            }
        }

        @Override
        public void received(ArrowEnd a) throws IOException {
            if (!selection.hasRank(a.from)) {
                return;
            }
            if (a.lastCall) {
                if (held) {
                    received.add(a.id);
                }
                return;
            }
            long t = common(a.end);
            if (selection.overlaps(common(a.start), t)) {
                w.thread(rank, a.tid, threadName(a.tid));
                w.flowEnd(rank, a.tid, Math.max(common(a.start), t - 1), a.id);
            }
        }

        @Override
        public void limit(long limitBytes, long eventsWritten, long localTime) throws IOException {
            flush();
            long t = common(localTime);
            if (selection.overlaps(t, t)) {
                w.instant(rank, t, "qmpi4j: trace size limit reached; later calls not recorded");
            }
        }

        @Override
        public void pvarDefined(int id, String name, boolean integer) throws IOException {
            // MPI_T says a variable's class, not its unit: the name tells what it counts.
            w.counterTrack(rank, id, name, PerfettoTraceWriter.Unit.UNSPECIFIED);
        }

        @Override
        public void pvarSampled(int id, long localTime, double value) throws IOException {
            long t = common(localTime);
            if (selection.overlaps(t, t)) {
                w.counter(rank, id, t, value);
            }
        }

        private String threadName(long tid) {
            String name = parser.threads().get(tid);
            return name == null || name.isEmpty() ? "thread " + tid : name;
        }

        /** Writes the slice held, with its arrows. */
        void flush() throws IOException {
            if (!held) {
                return;
            }
            held = false;
            w.thread(rank, call.tid(), threadName(call.tid()));
            w.slice(rank, call, call.site(), start, end, sent, received);
            sent = null;
            received.clear();
            written++;
        }
    }
}
