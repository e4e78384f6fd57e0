package org.qmpi4j.report.trace;

import static org.qmpi4j.report.trace.PerfettoProto.TYPE_COUNTER;
import static org.qmpi4j.report.trace.PerfettoProto.TYPE_INSTANT;
import static org.qmpi4j.report.trace.PerfettoProto.TYPE_SLICE_BEGIN;
import static org.qmpi4j.report.trace.PerfettoProto.TYPE_SLICE_END;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardSite;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * Writes a trace in Perfetto's protobuf format ({@code perfetto.protos.Trace}: a sequence of
 * {@code TracePacket}s, each field 1 of the {@code Trace} message), as it goes.
 *
 * <p>Tracks are described once each, before their first event: per rank a process ({@code rank <r>},
 * pid r + 1, since Perfetto reserves pid 0), ordered by rank; under it a thread per application
 * thread that called MPI (its Java thread id and name), a track of the measurement levels the
 * application set with {@code MPI_Pcontrol}, a "JVM" track of what the JVM took from the
 * application (pauses, class loading, descheduling), and a counter track per sampled performance variable.
 * Each call is a slice (begin and end {@code TrackEvent}s) with its peer, tag and bytes as
 * arguments and its call site as source location; each matched message a flow from the send's
 * slice to the slice of the call that completed the receive.
 *
 * <p>Each rank writes on its own packet sequence ({@code trusted_packet_sequence_id} r + 1), so the
 * output of several writers for different ranks concatenated is one valid trace: the format is a
 * repeated field, and concatenating serialised messages appends to it. With {@link Strings#INTERNED}
 * a sequence's first packet clears its incremental state, and an event name, category, argument
 * name or source location is written once per sequence ({@code interned_data}, in the packet that
 * first uses it) and referred to by its id ({@code name_iid}, ...) after that, and the events of a
 * rank's first thread leave out their track, which the sequence's defaults name
 * ({@code trace_packet_defaults}, set with that thread's descriptor). What is kept: the tracks
 * announced and, per rank, the strings interned so far.
 *
 * <p>The parts: {@link PerfettoTracks} describes the tracks, {@link PerfettoEvent} builds each
 * event and interns its strings per {@link PerfettoSequence}, {@link PerfettoPackets} frames and
 * writes the packets; the field numbers are {@link PerfettoProto}'s.
 */
public final class PerfettoTraceWriter implements Closeable {
    /** How the writer spells the strings of its events. */
    public enum Strings {
        /** Once per rank's packet sequence, then by id: Perfetto's own way, and the default. */
        INTERNED,
        /** In full in every event: larger; kept to measure what interning saves. */
        INLINE
    }

    /** Units of a counter track (Perfetto's {@code CounterDescriptor.Unit}). */
    public enum Unit {
        /** Not said: the counter's name says what it counts. */
        UNSPECIFIED(0),
        COUNT(2),
        BYTES(3),
        NANOSECONDS(1);

        final int proto;

        Unit(int proto) {
            this.proto = proto;
        }
    }

    private final PerfettoPackets packets;
    private final PerfettoTracks tracks;
    private final PerfettoEvent event;
    private final Map<Integer, PerfettoSequence> sequences = new HashMap<>();
    /** The sequence of the wait marks, made when the first is written. */
    private @Nullable PerfettoSequence marks;
    /** The sequence of the iteration counters, made when the first is written. */
    private @Nullable PerfettoSequence iterations;

    /** A writer that interns its strings ({@link Strings#INTERNED}). */
    public PerfettoTraceWriter(OutputStream out) {
        this(out, Strings.INTERNED);
    }

    public PerfettoTraceWriter(OutputStream out, Strings strings) {
        this.packets = new PerfettoPackets(out);
        this.tracks = new PerfettoTracks(packets, strings);
        this.event = new PerfettoEvent(strings, packets);
    }

    private PerfettoSequence sequence(int rank) {
        PerfettoSequence s = sequences.get(rank);
        if (s == null) {
            s = PerfettoSequence.ofRank(rank);
            sequences.put(rank, s);
        }
        return s;
    }

    private PerfettoSequence marksSequence() {
        if (marks == null) {
            marks = PerfettoSequence.ofWaitMarks();
        }
        return marks;
    }

    /** Announces rank {@code rank}'s process track (once). */
    public void rank(int rank) throws IOException {
        tracks.process(sequence(rank), rank);
    }

    /** Announces rank {@code rank}'s process track (once), named {@code name} (e.g. {@code rank 3 (node2)}). */
    public void rank(int rank, String name) throws IOException {
        tracks.name(rank, name);
        tracks.process(sequence(rank), rank);
    }

    /** Announces the track of thread {@code tid} on rank {@code rank} (once). */
    public void thread(int rank, long tid, String name) throws IOException {
        tracks.thread(sequence(rank), rank, tid, name);
    }

    /**
     * One MPI call from {@code start} to {@code end} (ns on the job's common clock) on its thread's
     * track; {@code sent} / {@code received}: the message ids (see {@link TraceFormat#flowId}) of
     * the arrow that leaves / ends at this call, or {@code null}.
     */
    public void slice(int rank, ShardEvent e, long start, long end, @Nullable String sent, @Nullable String received)
            throws IOException {
        slice(rank, e, null, start, end, sent, received == null ? List.of() : List.of(received));
    }

    /**
     * One MPI call, as {@link #slice(int, ShardEvent, long, long, String, String)}, at which the
     * arrows of the messages {@code received} end (a wait that completed several receives).
     */
    public void slice(int rank, ShardEvent e, long start, long end, @Nullable String sent, List<String> received)
            throws IOException {
        slice(rank, e, null, start, end, sent, received);
    }

    /**
     * One MPI call made at {@code site} (or {@code null}: not known), as
     * {@link #slice(int, ShardEvent, long, long, String, List)}.
     */
    public void slice(
            int rank,
            ShardEvent e,
            @Nullable ShardSite site,
            long start,
            long end,
            @Nullable String sent,
            List<String> received)
            throws IOException {
        PerfettoSequence s = sequence(rank);
        long track = PerfettoTracks.threadTrack(rank, e.tid());
        event.begin(s, TYPE_SLICE_BEGIN)
                .threadTrack(track)
                .category("mpi")
                .name(e.function())
                .argument("peer", e.peer())
                .argument("tag", e.tag())
                .argument("bytes", e.bytes());
        if (site != null) {
            event.sourceLocation(site);
        }
        if (sent != null) {
            event.flow(flowId(sent));
        }
        for (String id : received) {
            event.flowEnd(flowId(id));
        }
        event.emit(start);
        event.begin(s, TYPE_SLICE_END).threadTrack(track).emit(Math.max(start, end));
    }

    /**
     * The end of message {@code id}'s arrow at {@code time} on thread {@code tid}'s track (announced
     * before), for an arrow whose receiving call was written before its end was known.
     */
    public void flowEnd(int rank, long tid, long time, String id) throws IOException {
        event.begin(sequence(rank), TYPE_INSTANT)
                .threadTrack(PerfettoTracks.threadTrack(rank, tid))
                .category("mpi")
                .name("message received")
                .flowEnd(flowId(id))
                .emit(time);
    }

    /** A point in time on rank {@code rank}'s process track, with text arguments (name, value pairs). */
    public void instant(int rank, long time, String name, String... args) throws IOException {
        rank(rank);
        event.begin(sequence(rank), TYPE_INSTANT)
                .track(PerfettoTracks.processTrack(rank))
                .category("qmpi4j")
                .name(name)
                .textArguments(args)
                .emit(time);
    }

    /**
     * From {@code time} on, rank {@code rank} measures at {@code level} (its {@code MPI_Pcontrol}
     * call): a slice {@code level <n>} on the rank's measurement-level track, which lasts until the
     * next level or {@link #levelsEnd}.
     */
    public void level(int rank, long time, int level) throws IOException {
        rank(rank);
        PerfettoSequence s = sequence(rank);
        long track = tracks.levels(s, rank);
        levelsEnd(rank, time);
        event.begin(s, TYPE_SLICE_BEGIN)
                .track(track)
                .category("qmpi4j")
                .name(level == 0 ? "level 0 (measurement off)" : "level " + level)
                .emit(time);
        s.levelOpen = true;
    }

    /** Ends rank {@code rank}'s current measurement level at {@code time}, if one is open. */
    public void levelsEnd(int rank, long time) throws IOException {
        PerfettoSequence s = sequence(rank);
        if (!s.levelOpen) {
            return;
        }
        s.levelOpen = false;
        event.begin(s, TYPE_SLICE_END).track(PerfettoTracks.levelTrack(rank)).emit(time);
    }

    /**
     * Something the JVM or the operating system took from rank {@code rank}'s application, from
     * {@code start} to {@code end}: a slice named {@code name} on the rank's "JVM" track with
     * {@code args} (name, value pairs) as arguments.
     */
    public void jvmSlice(int rank, long start, long end, String name, String... args) throws IOException {
        rank(rank);
        PerfettoSequence s = sequence(rank);
        long track = tracks.jvm(s, rank);
        event.begin(s, TYPE_SLICE_BEGIN)
                .track(track)
                .category(JvmSlices.CATEGORY)
                .name(name)
                .textArguments(args)
                .emit(start);
        event.begin(s, TYPE_SLICE_END).track(track).emit(Math.max(start, end));
    }

    /**
     * Announces counter track {@code index} of rank {@code rank} (once), named {@code name}, in
     * {@code unit}.
     */
    public void counterTrack(int rank, int index, String name, Unit unit) throws IOException {
        rank(rank);
        tracks.counter(sequence(rank), rank, index, name, unit);
    }

    /** A value of counter track {@code index} (announced before) of rank {@code rank} at {@code time}. */
    public void counter(int rank, int index, long time, long value) throws IOException {
        event.begin(sequence(rank), TYPE_COUNTER)
                .track(PerfettoTracks.counterTrack(rank, index))
                .counterValue(value)
                .emit(time);
    }

    /** A value of counter track {@code index}, as {@link #counter(int, int, long, long)}, not a whole number. */
    public void counter(int rank, int index, long time, double value) throws IOException {
        event.begin(sequence(rank), TYPE_COUNTER)
                .track(PerfettoTracks.counterTrack(rank, index))
                .counterValue(value)
                .emit(time);
    }

    /**
     * Rank {@code rank} (its process track announced before, possibly by another writer of the
     * same trace) is in iteration {@code iteration} from {@code time} on (0: outside the loop):
     * a value of its "Iteration" counter track, on a packet sequence of the iterations' own.
     */
    public void iteration(int rank, long time, long iteration) throws IOException {
        if (iterations == null) {
            iterations = PerfettoSequence.ofIterations();
        }
        long track = tracks.iterations(iterations, rank);
        event.begin(iterations, TYPE_COUNTER)
                .track(track)
                .counterValue(iteration)
                .emit(time);
    }

    /**
     * A wait of rank {@code rank} (its process track announced before, possibly by another writer of
     * the same trace) from {@code start} to {@code end}: a slice named {@code name} on the rank's
     * "Wait states" track, with its amount, the late rank, the waiting call and the late call as
     * arguments ({@code args}: further name, value pairs), and an arrow {@code flow} that leaves it
     * for the late call ({@link #lateCall}).
     */
    public void waitSlice(
            int rank, long start, long end, String name, long waitNs, int lateRank, long flow, String... args)
            throws IOException {
        waitMark(rank, TYPE_SLICE_BEGIN, name)
                .argument("wait_ns", waitNs)
                .argument("late_rank", lateRank)
                .textArguments(args)
                .flow(flow)
                .emit(start);
        event.begin(marksSequence(), TYPE_SLICE_END)
                .track(PerfettoTracks.waitTrack(rank))
                .emit(Math.max(start, end));
    }

    /**
     * The entry of a call that made another rank wait: an instant named {@code name} at
     * {@code time} on rank {@code rank}'s "Wait states" track, where the arrow {@code flow} of that
     * wait's slice ends.
     */
    public void lateCall(int rank, long time, String name, long flow, String... args) throws IOException {
        waitMark(rank, TYPE_INSTANT, name).textArguments(args).flowEnd(flow).emit(time);
    }

    /**
     * Starts an event of {@code type} named {@code name} on rank {@code rank}'s wait-state track,
     * on the marks' sequence; the track is described first, so that its descriptor's packet does
     * not carry the event's interned strings.
     */
    private PerfettoEvent waitMark(int rank, int type, String name) throws IOException {
        PerfettoSequence s = marksSequence();
        long track = tracks.waits(s, rank);
        return event.begin(s, type).track(track).category("qmpi4j.waits").name(name);
    }

    /** Packets written so far. */
    public long packets() {
        return packets.written();
    }

    /** A 64-bit id for a message's arrow: FNV-1a of its text id, the same at both ends. */
    static long flowId(String id) {
        long h = 0xcbf29ce484222325L;
        for (byte b : id.getBytes(StandardCharsets.US_ASCII)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h == 0 ? 1 : h;
    }

    @Override
    public void close() throws IOException {
        packets.flush();
    }
}
