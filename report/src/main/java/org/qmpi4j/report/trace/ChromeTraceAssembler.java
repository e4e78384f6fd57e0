package org.qmpi4j.report.trace;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.json.JsonWriter;
import org.qmpi4j.formats.trace.ClockModel;
import org.qmpi4j.formats.trace.ClockSummary;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.formats.trace.TraceResult;

/**
 * Turns per-rank trace files ({@link TraceFormat}) into one Chrome Trace Event JSON document
 * (the format Perfetto and {@code chrome://tracing} open): one process per rank named
 * {@code rank <r>}, one thread track per application thread that called MPI, a complete event
 * ({@code "ph": "X"}, category {@link #CALLS}) per MPI call, and flow events (arrows) from each
 * matched send to its receive; a thread track "JVM" ({@link #JVM_TID}) per rank whose JVM took time
 * from it, with complete events of category {@code qmpi4j.jvm} ({@link JvmSlices}: pauses, class
 * loading, descheduling); each rank's "Iteration" counter ({@code "ph": "C"}) is added once the
 * iterations are found ({@link ChromeTraceCounters}). A reader that counts calls counts the complete
 * events of category {@link #CALLS} only. Streams: per-rank input arrives in chunks of any size (even mid-line), output is
 * written as it is produced, so memory does not grow with the trace.
 *
 * <p>Somewhat over the usual size because it writes one document: the per-rank state, the event,
 * flow and metadata records and the closing summary share the one writer and the order it needs;
 * what is not about writing JSON is elsewhere ({@link JvmSlices}, {@link ArrowEnds},
 * {@link ChromeTraceCounters}).
 */
public final class ChromeTraceAssembler implements ShardAssembler {
    private final class RankState implements ArrowEnds.Sink, JvmSlices.Sink {
        final int rank;
        final ShardParser parser;
        final ArrowEnds arrows;

        @Nullable
        ClockModel presetClock;

        @Nullable
        Long presetZero;
        /** Whether the call last read was written (it is in the selection's window). */
        boolean callShown;

        long callStart;
        long callDur;
        /** The rank's first call start and last call end, on its own clock: its clock's error bound over them. */
        boolean anyCall;

        long firstLocal;
        long lastLocal;
        /** End of the last call read (written or not), on the common clock, where the interval before the next begins. */
        long previousExit = Long.MIN_VALUE;
        /** Whether a slice was written on the rank's JVM track (which is then named). */
        boolean jvmShown;

        RankState(int rank) {
            this.rank = rank;
            this.arrows = new ArrowEnds(rank, this);
            this.parser = new ShardParser(rank, arrows);
        }

        ClockModel clock() {
            return presetClock != null ? presetClock : parser.clock();
        }

        long zero() {
            if (presetZero != null) {
                return presetZero;
            }
            Long z = parser.zero();
            return z == null ? 0 : z;
        }

        /** A local time on the job's common clock: rank 0's, from the job's zero, causality-corrected. */
        long common(long local) {
            return RankClock.common(rank, clock(), zero(), correction, local);
        }

        @Override
        public void call(ShardEvent e) throws IOException {
            ChromeTraceAssembler.this.event(this, e);
        }

        @Override
        public void sent(ShardEvent e, String id, long to, long tag, long seq, @Nullable String comm)
                throws IOException {
            if (callShown && selection.hasRank(to)) {
                flow(this, "s", id, e.tid(), callStart + Math.min(1, callDur));
            }
        }

        @Override
        public void received(ArrowEnd a) throws IOException {
            long start = common(a.start);
            long end = common(a.end);
            long dur = Math.max(0, end - start);
            if (selection.hasRank(a.from) && selection.overlaps(start, end)) {
                flow(this, "f", a.id, a.tid, start + dur - Math.min(1, dur));
            }
        }

        @Override
        public void jvmSlice(long start, long end, String name, long ns, long collections, String where)
                throws IOException {
            jvmShown = true;
            StringBuilder sb = new StringBuilder(320);
            JsonWriter w = new JsonWriter(sb, false);
            w.beginObject()
                    .member("name", name)
                    .member("cat", JvmSlices.CATEGORY)
                    .member("ph", "X")
                    .member("pid", rank)
                    .member("tid", JVM_TID);
            // As in trace.pftrace: a time a little before the zero (within the clock error) is shown at the zero.
            long from = Math.max(0, start);
            sb.append(",\"ts\":").append(micros(from)).append(",\"dur\":").append(micros(Math.max(0, end - from)));
            w.name("args").beginObject().member("ns", ns);
            if (collections != JvmSlices.NO_COLLECTIONS) {
                w.member("collections", collections);
            }
            w.member("where", where)
                    .member("placed", JvmSlices.PLACED)
                    .endObject()
                    .endObject();
            emit(sb);
        }

        @Override
        public void limit(long limitBytes, long eventsWritten, long localTime) throws IOException {
            instant(
                    this,
                    "qmpi4j: trace size limit reached; later calls not recorded",
                    common(localTime),
                    "limit_bytes",
                    limitBytes);
        }
    }

    /**
     * The thread id of each rank's "JVM" track: not a Java thread's (those count up from 1), and
     * within the 32 bits that JSON trace readers take a thread id in.
     */
    public static final long JVM_TID = Integer.MAX_VALUE;

    /** The category of the MPI calls' slices; other complete events (the JVM's) have their own. */
    public static final String CALLS = "mpi";

    private final Writer out;
    private final int ranks;
    private final String binding;
    private final Map<Integer, RankState> states = new TreeMap<>();
    private TraceSelection selection = TraceSelection.all();
    private CausalityCorrection correction = CausalityCorrection.NONE;
    private boolean first = true;
    private boolean finished;

    /** Starts the document on {@code out}; {@link #finish()} completes it. */
    public ChromeTraceAssembler(Writer out, int ranks, String binding) throws IOException {
        this.out = out;
        this.ranks = ranks;
        this.binding = binding;
        out.write("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
    }

    /**
     * Sets how rank {@code rank}'s clock maps onto rank 0's and the job's zero, before its shard
     * is fed; without this the shard's own clock lines are used as they arrive.
     */
    public void clock(int rank, ClockModel clock, long zero) {
        RankState s = state(rank);
        s.presetClock = clock;
        s.presetZero = zero;
    }

    /**
     * Applies {@code correction} (solved from the same shards, see {@link CausalityCorrection}) to
     * every time, before any shard is fed; without it the times are as the clocks were aligned.
     */
    public void correction(CausalityCorrection correction) {
        this.correction = correction;
    }

    /**
     * Keeps only calls in {@code selection}'s window and arrows between its ranks; ranks outside
     * it are not fed (and not listed as missing).
     */
    public void select(TraceSelection selection) {
        this.selection = selection;
    }

    @Override
    public void feed(int rank, byte[] data, int off, int len) throws IOException {
        state(rank).parser.feed(data, off, len);
    }

    @Override
    public void endRank(int rank) throws IOException {
        RankState s = state(rank);
        s.parser.end();
        s.arrows.finish();
    }

    private RankState state(int rank) {
        if (rank < 0 || rank >= ranks) {
            throw new IllegalArgumentException("rank " + rank + " outside 0.." + (ranks - 1));
        }
        RankState s = states.get(rank);
        if (s == null) { // get and put, not computeIfAbsent with a method reference linked at every job's end
            s = new RankState(rank);
            states.put(rank, s);
        }
        return s;
    }

    private void event(RankState s, ShardEvent e) throws IOException {
        s.firstLocal = s.anyCall ? Math.min(s.firstLocal, e.start()) : e.start();
        s.lastLocal = s.anyCall ? Math.max(s.lastLocal, e.end()) : e.end();
        s.anyCall = true;
        long start = s.common(e.start());
        long end = s.common(e.end());
        long dur = Math.max(0, end - start);
        long before = s.previousExit; // Long.MIN_VALUE before the first call: the interval's start is not known
        s.previousExit = Math.max(s.previousExit, end);
        if (e.hasJvm()) {
            JvmSlices.of(e, before, start, end, selection, s);
        }
        s.callShown = selection.overlaps(start, end);
        s.callStart = start;
        s.callDur = dur;
        if (!s.callShown) {
            return;
        }
        StringBuilder sb = new StringBuilder(160);
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject()
                .member("name", e.function())
                .member("cat", CALLS)
                .member("ph", "X")
                .member("pid", s.rank)
                .member("tid", e.tid());
        sb.append(",\"ts\":").append(micros(start)).append(",\"dur\":").append(micros(dur));
        w.name("args").beginObject();
        if (e.peer() != TraceFormat.NONE) {
            w.member("peer", e.peer());
        }
        if (e.tag() != TraceFormat.NONE) {
            w.member("tag", e.tag());
        }
        if (e.bytes() != TraceFormat.NONE) {
            w.member("bytes", e.bytes());
        }
        w.endObject().endObject();
        emit(sb);
        // An arrow leaves its send just after the send starts and reaches its receive (for a
        // nonblocking one: the call that completed it) just before the receive ends, inside each
        // slice so that each binds to its call; CausalityCorrection keeps the end after the start.
    }

    private void flow(RankState s, String phase, String id, long tid, long ts) throws IOException {
        StringBuilder sb = new StringBuilder(120);
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject()
                .member("name", "message")
                .member("cat", "p2p")
                .member("ph", phase)
                .member("id", id)
                .member("pid", s.rank)
                .member("tid", tid);
        if (phase.equals("f")) {
            w.member("bp", "e");
        }
        sb.append(",\"ts\":").append(micros(ts));
        w.endObject();
        emit(sb);
    }

    private void instant(RankState s, String name, long ts, String key, long value) throws IOException {
        StringBuilder sb = new StringBuilder(160);
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject()
                .member("name", name)
                .member("cat", "qmpi4j")
                .member("ph", "i")
                .member("s", "p")
                .member("pid", s.rank)
                .member("tid", 0);
        sb.append(",\"ts\":").append(micros(ts));
        w.name("args").beginObject().member(key, value).endObject();
        w.endObject();
        emit(sb);
    }

    private void metadata(String name, int pid, @Nullable Long tid, String argName, Object value) throws IOException {
        StringBuilder sb = new StringBuilder(120);
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject().member("name", name).member("ph", "M").member("pid", pid);
        if (tid != null) {
            w.member("tid", tid);
        }
        w.name("args").beginObject();
        if (value instanceof Number) {
            w.member(argName, ((Number) value).longValue());
        } else {
            w.member(argName, String.valueOf(value));
        }
        w.endObject().endObject();
        emit(sb);
    }

    private void emit(CharSequence event) throws IOException {
        if (!first) {
            out.write(",\n");
        }
        first = false;
        out.append(event);
    }

    /**
     * Writes the track names and the document's trailer. Ranks never fed are listed as missing.
     */
    public TraceResult finish() throws IOException {
        if (finished) {
            throw new IllegalStateException("already finished");
        }
        finished = true;
        Map<Integer, Long> events = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        List<Integer> truncated = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        List<String> hosts = new ArrayList<>();
        for (RankState s : states.values()) {
            hosts.add(s.parser.host());
        }
        boolean severalHosts = RankNames.severalHosts(hosts);
        for (int r = 0; r < ranks; r++) {
            RankState s = states.get(r);
            if (s == null || !s.parser.headerSeen()) {
                if (selection.hasRank(r)) {
                    missing.add(r);
                }
                continue;
            }
            s.parser.end();
            s.arrows.finish();
            problems.addAll(s.parser.problems());
            events.put(r, s.parser.events());
            if (s.parser.truncated()) {
                truncated.add(r);
            }
            metadata("process_name", r, null, "name", RankNames.of(r, s.parser.host(), severalHosts));
            metadata("process_sort_index", r, null, "sort_index", r);
            for (Map.Entry<Long, String> t : s.parser.threads().entrySet()) {
                metadata("thread_name", r, t.getKey(), "name", t.getValue());
            }
            if (s.jvmShown) {
                metadata("thread_name", r, JVM_TID, "name", JvmSlices.TRACK);
            }
        }
        out.write("\n],\n");
        StringBuilder sb = new StringBuilder();
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject()
                .member("tool", "qmpi4j tracer")
                .member("binding", binding)
                .member("ranks", ranks)
                .member(
                        "clock",
                        "rank 0's clock from the job's start (MPI_Init); other ranks' times mapped onto it with the"
                                + " offsets measured at MPI_Init and MPI_Finalize (linear drift), then shifted per rank"
                                + " within the error bounds so that no message arrow points backwards (clock_correction);"
                                + " ts in microseconds");
        w.name("clock_offsets").beginArray();
        for (RankState s : states.values()) {
            if (s.parser.headerSeen()) {
                ClockSummary.write(w, s.rank, s.clock(), s.anyCall, s.firstLocal, s.lastLocal);
            }
        }
        w.endArray();
        w.name("clock_correction");
        correction.write(w);
        w.name("truncated_ranks").beginArray();
        for (Integer r : truncated) {
            w.value(r);
        }
        w.endArray();
        w.name("missing_ranks").beginArray();
        for (Integer r : missing) {
            w.value(r);
        }
        w.endArray();
        w.endObject();
        out.write("\"otherData\":");
        out.append(sb);
        out.write("}\n");
        out.flush();
        return new TraceResult(events, truncated, missing, problems);
    }

    /** Nanoseconds as microseconds with three decimals, exactly (no floating point). */
    static String micros(long ns) {
        StringBuilder sb = new StringBuilder(24);
        if (ns < 0) {
            sb.append('-');
            ns = -ns;
        }
        sb.append(ns / 1000).append('.');
        long frac = ns % 1000;
        if (frac < 100) {
            sb.append('0');
        }
        if (frac < 10) {
            sb.append('0');
        }
        return sb.append(frac).toString();
    }
}
