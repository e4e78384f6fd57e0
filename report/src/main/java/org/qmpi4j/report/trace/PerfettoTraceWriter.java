package org.qmpi4j.report.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a trace in Perfetto's protobuf format ({@code perfetto.protos.Trace}: a sequence of
 * {@code TracePacket}s, each field 1 of the {@code Trace} message), as it goes.
 *
 * <p>Tracks are described once each, before their first event: per rank a process ({@code rank <r>},
 * pid r + 1, since Perfetto reserves pid 0), ordered by rank; under it a thread per application
 * thread that called MPI (its Java thread id and name), a track of the measurement levels the
 * application set with {@code MPI_Pcontrol}, and a counter track per sampled performance variable.
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
 */
public final class PerfettoTraceWriter implements Closeable {
    /** How the writer spells the strings of its events. */
    public enum Strings {
        /** Once per rank's packet sequence, then by id: Perfetto's own way, and the default. */
        INTERNED,
        /** In full in every event: larger; kept to measure what interning saves. */
        INLINE
    }

    // perfetto.protos.Trace / TracePacket / TrackEvent / TrackDescriptor / ... field numbers.
    private static final int TRACE_PACKET = 1;
    private static final int PACKET_TIMESTAMP = 8;
    private static final int PACKET_SEQUENCE_ID = 10;
    private static final int PACKET_TRACK_EVENT = 11;
    private static final int PACKET_INTERNED_DATA = 12;
    private static final int PACKET_SEQUENCE_FLAGS = 13;
    private static final int PACKET_DEFAULTS = 59;
    private static final int DEFAULTS_TRACK_EVENT = 11;
    private static final int EVENT_DEFAULTS_TRACK_UUID = 11;
    private static final int PACKET_TRACK_DESCRIPTOR = 60;
    private static final int SEQ_INCREMENTAL_STATE_CLEARED = 1;
    private static final int SEQ_NEEDS_INCREMENTAL_STATE = 2;
    private static final int EVENT_CATEGORY_IIDS = 3;
    private static final int EVENT_DEBUG_ANNOTATIONS = 4;
    private static final int EVENT_TYPE = 9;
    private static final int EVENT_NAME_IID = 10;
    private static final int EVENT_TRACK_UUID = 11;
    private static final int EVENT_CATEGORIES = 22;
    private static final int EVENT_NAME = 23;
    private static final int EVENT_COUNTER_VALUE = 30;
    private static final int EVENT_SOURCE_LOCATION = 33;
    private static final int EVENT_SOURCE_LOCATION_IID = 34;
    private static final int EVENT_DOUBLE_COUNTER_VALUE = 44;
    private static final int EVENT_FLOW_IDS = 47;
    private static final int EVENT_TERMINATING_FLOW_IDS = 48;
    private static final int TYPE_SLICE_BEGIN = 1;
    private static final int TYPE_SLICE_END = 2;
    private static final int TYPE_INSTANT = 3;
    private static final int TYPE_COUNTER = 4;
    private static final int TRACK_UUID = 1;
    private static final int TRACK_NAME = 2;
    private static final int TRACK_PROCESS = 3;
    private static final int TRACK_THREAD = 4;
    private static final int TRACK_PARENT_UUID = 5;
    private static final int TRACK_COUNTER = 8;
    private static final int TRACK_CHILD_ORDERING = 11;
    private static final int TRACK_SIBLING_ORDER_RANK = 12;
    private static final int TRACK_PROCESS_ORDERING = 19;
    private static final int TRACK_THREAD_ORDERING = 20;
    private static final int CHILD_ORDERING_EXPLICIT = 3;
    private static final int PROCESS_ORDERING_EXPLICIT = 1;
    private static final int THREAD_ORDERING_EXPLICIT = 1;
    private static final int PROCESS_PID = 1;
    private static final int PROCESS_NAME = 6;
    private static final int THREAD_PID = 1;
    private static final int THREAD_TID = 2;
    private static final int THREAD_NAME = 5;
    private static final int COUNTER_UNIT = 3;
    private static final int COUNTER_UNIT_NAME = 6;
    private static final int ANNOTATION_NAME_IID = 1;
    private static final int ANNOTATION_INT = 4;
    private static final int ANNOTATION_STRING = 6;
    private static final int ANNOTATION_NAME = 10;
    private static final int INTERNED_CATEGORIES = 1;
    private static final int INTERNED_EVENT_NAMES = 2;
    private static final int INTERNED_ANNOTATION_NAMES = 3;
    private static final int INTERNED_SOURCE_LOCATIONS = 4;
    private static final int ENTRY_IID = 1;
    private static final int ENTRY_NAME = 2;
    private static final int LOCATION_FILE = 2;
    private static final int LOCATION_FUNCTION = 3;
    private static final int LOCATION_LINE = 4;

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

    private static final long NO_TIME = Long.MIN_VALUE;
    /** The track whose descriptor orders the processes and threads (Perfetto's root track). */
    private static final long ROOT_TRACK = 0;
    /** The process track's children: the levels track first, then the threads, then the counters. */
    private static final int LEVELS_ORDER = -1;

    private static final int COUNTERS_ORDER = 1 << 20;
    /** The wait-state track comes first, above the levels track. */
    private static final int WAITS_ORDER = -2;
    /**
     * The packet sequence of the wait marks, which are appended after every rank's calls: its own,
     * so that it clears no rank's interned strings (the ranks' are their rank + 1, below 2^24).
     */
    static final long MARKS_SEQUENCE = (1L << 31) - 1;

    private final OutputStream out;
    private final Strings strings;
    private final ProtoBuffer packet = new ProtoBuffer();
    private final ProtoBuffer body = new ProtoBuffer();
    private final ProtoBuffer inner = new ProtoBuffer();
    private final ProtoBuffer entry = new ProtoBuffer();
    private final ProtoBuffer interned = new ProtoBuffer();
    private final ProtoBuffer frame = new ProtoBuffer();
    private final Set<Long> tracks = new HashSet<>();
    private final Map<Integer, Sequence> sequences = new HashMap<>();
    private boolean needsState;
    /** Trace packet defaults for the packet being built, or null. */
    private ProtoBuffer defaults;

    private long packets;

    /** A writer that interns its strings ({@link Strings#INTERNED}). */
    public PerfettoTraceWriter(OutputStream out) {
        this(out, Strings.INTERNED);
    }

    public PerfettoTraceWriter(OutputStream out, Strings strings) {
        this.out = out;
        this.strings = strings;
    }

    /** One rank's packet sequence: whether it has started, and what it has interned. */
    private static final class Sequence {
        final long id;
        boolean started;
        int threads;
        /** The track of events that name none: the rank's first thread (incremental state). */
        long defaultTrack = -1;

        boolean levelOpen;
        final Map<String, Long> names = new HashMap<>();
        final Map<String, Long> categories = new HashMap<>();
        final Map<String, Long> annotationNames = new HashMap<>();
        /** By the shard's site objects: one per S line, so identity is the site. */
        final Map<ShardSite, Long> sites = new HashMap<>();

        Sequence(int rank) {
            this(rank + 1L, true);
        }

        Sequence(long id, boolean unused) {
            this.id = id;
        }
    }

    /** The sequence of the wait marks, made when the first is written. */
    private Sequence marks;

    private Sequence sequence(int rank) {
        Sequence s = sequences.get(rank);
        if (s == null) {
            s = new Sequence(rank);
            sequences.put(rank, s);
        }
        return s;
    }

    /** Announces rank {@code rank}'s process track (once). */
    public void rank(int rank) throws IOException {
        long uuid = processTrack(rank);
        if (!tracks.add(uuid)) {
            return;
        }
        Sequence s = sequence(rank);
        if (tracks.add(ROOT_TRACK)) {
            // Processes in rank order, and each rank's threads in the order they first called MPI.
            body.clear()
                    .varint(TRACK_UUID, ROOT_TRACK)
                    .varint(TRACK_PROCESS_ORDERING, PROCESS_ORDERING_EXPLICIT)
                    .varint(TRACK_THREAD_ORDERING, THREAD_ORDERING_EXPLICIT);
            emit(s, PACKET_TRACK_DESCRIPTOR, body, NO_TIME);
        }
        inner.clear().varint(PROCESS_PID, rank + 1L).string(PROCESS_NAME, "rank " + rank);
        body.clear()
                .varint(TRACK_UUID, uuid)
                .message(TRACK_PROCESS, inner)
                .varint(TRACK_CHILD_ORDERING, CHILD_ORDERING_EXPLICIT)
                .varint(TRACK_SIBLING_ORDER_RANK, rank);
        emit(s, PACKET_TRACK_DESCRIPTOR, body, NO_TIME);
    }

    /** Announces the track of thread {@code tid} on rank {@code rank} (once). */
    public void thread(int rank, long tid, String name) throws IOException {
        rank(rank);
        long uuid = threadTrack(rank, tid);
        if (!tracks.add(uuid)) {
            return;
        }
        Sequence s = sequence(rank);
        inner.clear().varint(THREAD_PID, rank + 1L).varint(THREAD_TID, tid).string(THREAD_NAME, name);
        body.clear()
                .varint(TRACK_UUID, uuid)
                .varint(TRACK_PARENT_UUID, processTrack(rank))
                .message(TRACK_THREAD, inner)
                .varint(TRACK_SIBLING_ORDER_RANK, s.threads++);
        if (strings == Strings.INTERNED && s.defaultTrack < 0) {
            // Most calls are on a rank's first thread: its events leave their track to the
            // sequence's defaults, set with this descriptor.
            s.defaultTrack = uuid;
            entry.clear().varint(EVENT_DEFAULTS_TRACK_UUID, uuid);
            inner.clear().message(DEFAULTS_TRACK_EVENT, entry);
            defaults = inner;
        }
        emit(s, PACKET_TRACK_DESCRIPTOR, body, NO_TIME);
    }

    /**
     * One MPI call from {@code start} to {@code end} (ns on the job's common clock) on its thread's
     * track; {@code sent} / {@code received}: the message ids (see {@link TraceFormat#flowId}) of
     * the arrow that leaves / ends at this call, or {@code null}.
     */
    public void slice(int rank, ShardEvent e, long start, long end, String sent, String received) throws IOException {
        slice(rank, e, null, start, end, sent, received == null ? List.of() : List.of(received));
    }

    /**
     * One MPI call, as {@link #slice(int, ShardEvent, long, long, String, String)}, at which the
     * arrows of the messages {@code received} end (a wait that completed several receives).
     */
    public void slice(int rank, ShardEvent e, long start, long end, String sent, List<String> received)
            throws IOException {
        slice(rank, e, null, start, end, sent, received);
    }

    /**
     * One MPI call made at {@code site} (or {@code null}: not known), as
     * {@link #slice(int, ShardEvent, long, long, String, List)}.
     */
    public void slice(int rank, ShardEvent e, ShardSite site, long start, long end, String sent, List<String> received)
            throws IOException {
        Sequence s = sequence(rank);
        long track = threadTrack(rank, e.tid());
        body.clear().varint(EVENT_TYPE, TYPE_SLICE_BEGIN);
        track(s, track);
        category(s, "mpi");
        name(s, e.function());
        annotation(s, "peer", e.peer());
        annotation(s, "tag", e.tag());
        annotation(s, "bytes", e.bytes());
        if (site != null) {
            sourceLocation(s, site);
        }
        if (sent != null) {
            body.fixed64(EVENT_FLOW_IDS, flowId(sent));
        }
        for (String id : received) {
            body.fixed64(EVENT_TERMINATING_FLOW_IDS, flowId(id));
        }
        emit(s, PACKET_TRACK_EVENT, body, start);
        body.clear().varint(EVENT_TYPE, TYPE_SLICE_END);
        track(s, track);
        emit(s, PACKET_TRACK_EVENT, body, Math.max(start, end));
    }

    /**
     * The end of message {@code id}'s arrow at {@code time} on thread {@code tid}'s track (announced
     * before), for an arrow whose receiving call was written before its end was known.
     */
    public void flowEnd(int rank, long tid, long time, String id) throws IOException {
        Sequence s = sequence(rank);
        body.clear().varint(EVENT_TYPE, TYPE_INSTANT);
        track(s, threadTrack(rank, tid));
        category(s, "mpi");
        name(s, "message received");
        body.fixed64(EVENT_TERMINATING_FLOW_IDS, flowId(id));
        emit(s, PACKET_TRACK_EVENT, body, time);
    }

    /** A point in time on rank {@code rank}'s process track, with text arguments (name, value pairs). */
    public void instant(int rank, long time, String name, String... args) throws IOException {
        rank(rank);
        Sequence s = sequence(rank);
        body.clear().varint(EVENT_TYPE, TYPE_INSTANT).varint(EVENT_TRACK_UUID, processTrack(rank));
        category(s, "qmpi4j");
        name(s, name);
        for (int i = 0; i + 1 < args.length; i += 2) {
            annotationName(s, args[i]);
            inner.string(ANNOTATION_STRING, args[i + 1]);
            body.message(EVENT_DEBUG_ANNOTATIONS, inner);
        }
        emit(s, PACKET_TRACK_EVENT, body, time);
    }

    /**
     * From {@code time} on, rank {@code rank} measures at {@code level} (its {@code MPI_Pcontrol}
     * call): a slice {@code level <n>} on the rank's measurement-level track, which lasts until the
     * next level or {@link #levelsEnd}.
     */
    public void level(int rank, long time, int level) throws IOException {
        rank(rank);
        Sequence s = sequence(rank);
        long track = levelTrack(rank);
        if (tracks.add(track)) {
            body.clear()
                    .varint(TRACK_UUID, track)
                    .varint(TRACK_PARENT_UUID, processTrack(rank))
                    .string(TRACK_NAME, "MPI_Pcontrol level")
                    .varint(TRACK_SIBLING_ORDER_RANK, LEVELS_ORDER);
            emit(s, PACKET_TRACK_DESCRIPTOR, body, NO_TIME);
        }
        levelsEnd(rank, time);
        body.clear().varint(EVENT_TYPE, TYPE_SLICE_BEGIN).varint(EVENT_TRACK_UUID, track);
        category(s, "qmpi4j");
        name(s, level == 0 ? "level 0 (measurement off)" : "level " + level);
        emit(s, PACKET_TRACK_EVENT, body, time);
        s.levelOpen = true;
    }

    /** Ends rank {@code rank}'s current measurement level at {@code time}, if one is open. */
    public void levelsEnd(int rank, long time) throws IOException {
        Sequence s = sequence(rank);
        if (!s.levelOpen) {
            return;
        }
        s.levelOpen = false;
        body.clear().varint(EVENT_TYPE, TYPE_SLICE_END).varint(EVENT_TRACK_UUID, levelTrack(rank));
        emit(s, PACKET_TRACK_EVENT, body, time);
    }

    /**
     * Announces counter track {@code index} of rank {@code rank} (once), named {@code name}, in
     * {@code unit}.
     */
    public void counterTrack(int rank, int index, String name, Unit unit) throws IOException {
        rank(rank);
        long uuid = counterTrackUuid(rank, index);
        if (!tracks.add(uuid)) {
            return;
        }
        inner.clear();
        if (unit != Unit.UNSPECIFIED) {
            inner.varint(COUNTER_UNIT, unit.proto);
        }
        if (unit == Unit.COUNT) {
            inner.string(COUNTER_UNIT_NAME, "count");
        }
        body.clear()
                .varint(TRACK_UUID, uuid)
                .varint(TRACK_PARENT_UUID, processTrack(rank))
                .string(TRACK_NAME, name)
                .message(TRACK_COUNTER, inner)
                .varint(TRACK_SIBLING_ORDER_RANK, COUNTERS_ORDER + index);
        emit(sequence(rank), PACKET_TRACK_DESCRIPTOR, body, NO_TIME);
    }

    /** A value of counter track {@code index} (announced before) of rank {@code rank} at {@code time}. */
    public void counter(int rank, int index, long time, long value) throws IOException {
        body.clear()
                .varint(EVENT_TYPE, TYPE_COUNTER)
                .varint(EVENT_TRACK_UUID, counterTrackUuid(rank, index))
                .varint(EVENT_COUNTER_VALUE, value);
        emit(sequence(rank), PACKET_TRACK_EVENT, body, time);
    }

    /** A value of counter track {@code index}, as {@link #counter(int, int, long, long)}, not a whole number. */
    public void counter(int rank, int index, long time, double value) throws IOException {
        body.clear()
                .varint(EVENT_TYPE, TYPE_COUNTER)
                .varint(EVENT_TRACK_UUID, counterTrackUuid(rank, index))
                .fixed64(EVENT_DOUBLE_COUNTER_VALUE, Double.doubleToRawLongBits(value));
        emit(sequence(rank), PACKET_TRACK_EVENT, body, time);
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
        Sequence s = marksSequence();
        long track = waitTrack(s, rank);
        body.clear().varint(EVENT_TYPE, TYPE_SLICE_BEGIN).varint(EVENT_TRACK_UUID, track);
        category(s, "qmpi4j.waits");
        name(s, name);
        annotation(s, "wait_ns", waitNs);
        annotation(s, "late_rank", lateRank);
        textAnnotations(s, args);
        body.fixed64(EVENT_FLOW_IDS, flow);
        emit(s, PACKET_TRACK_EVENT, body, start);
        body.clear().varint(EVENT_TYPE, TYPE_SLICE_END).varint(EVENT_TRACK_UUID, track);
        emit(s, PACKET_TRACK_EVENT, body, Math.max(start, end));
    }

    /**
     * The entry of a call that made another rank wait: an instant named {@code name} at
     * {@code time} on rank {@code rank}'s "Wait states" track, where the arrow {@code flow} of that
     * wait's slice ends.
     */
    public void lateCall(int rank, long time, String name, long flow, String... args) throws IOException {
        Sequence s = marksSequence();
        long track = waitTrack(s, rank);
        body.clear().varint(EVENT_TYPE, TYPE_INSTANT).varint(EVENT_TRACK_UUID, track);
        category(s, "qmpi4j.waits");
        name(s, name);
        textAnnotations(s, args);
        body.fixed64(EVENT_TERMINATING_FLOW_IDS, flow);
        emit(s, PACKET_TRACK_EVENT, body, time);
    }

    private Sequence marksSequence() {
        if (marks == null) {
            marks = new Sequence(MARKS_SEQUENCE, true);
        }
        return marks;
    }

    /** Rank {@code rank}'s wait-state track, described on its first use. */
    private long waitTrack(Sequence s, int rank) throws IOException {
        long track = waitTrackUuid(rank);
        if (tracks.add(track)) {
            // Before the event's own body is built.
            body.clear()
                    .varint(TRACK_UUID, track)
                    .varint(TRACK_PARENT_UUID, processTrack(rank))
                    .string(TRACK_NAME, "Wait states")
                    .varint(TRACK_SIBLING_ORDER_RANK, WAITS_ORDER);
            emit(s, PACKET_TRACK_DESCRIPTOR, body, NO_TIME);
        }
        return track;
    }

    private void textAnnotations(Sequence s, String... args) {
        for (int i = 0; i + 1 < args.length; i += 2) {
            annotationName(s, args[i]);
            inner.string(ANNOTATION_STRING, args[i + 1]);
            body.message(EVENT_DEBUG_ANNOTATIONS, inner);
        }
    }

    /** The event's track, left out when it is the sequence's default. */
    private void track(Sequence s, long track) {
        if (track == s.defaultTrack) {
            needsState = true;
        } else {
            body.varint(EVENT_TRACK_UUID, track);
        }
    }

    private void annotation(Sequence s, String name, long value) {
        if (value != TraceFormat.NONE) {
            annotationName(s, name);
            inner.varint(ANNOTATION_INT, value);
            body.message(EVENT_DEBUG_ANNOTATIONS, inner);
        }
    }

    /** Starts a debug annotation in {@code inner} with its name. */
    private void annotationName(Sequence s, String name) {
        inner.clear();
        if (strings == Strings.INLINE) {
            inner.string(ANNOTATION_NAME, name);
        } else {
            inner.varint(ANNOTATION_NAME_IID, iid(s.annotationNames, name, INTERNED_ANNOTATION_NAMES));
        }
    }

    private void name(Sequence s, String name) {
        if (strings == Strings.INLINE) {
            body.string(EVENT_NAME, name);
        } else {
            body.varint(EVENT_NAME_IID, iid(s.names, name, INTERNED_EVENT_NAMES));
        }
    }

    private void category(Sequence s, String category) {
        if (strings == Strings.INLINE) {
            body.string(EVENT_CATEGORIES, category);
        } else {
            body.varint(EVENT_CATEGORY_IIDS, iid(s.categories, category, INTERNED_CATEGORIES));
        }
    }

    private void sourceLocation(Sequence s, ShardSite site) {
        entry.clear().string(LOCATION_FUNCTION, site.className() + "." + site.method());
        if (site.file() != null) {
            entry.string(LOCATION_FILE, site.file());
        }
        if (site.line() >= 0) {
            entry.varint(LOCATION_LINE, site.line());
        }
        if (strings == Strings.INLINE) {
            body.message(EVENT_SOURCE_LOCATION, entry);
            return;
        }
        Long iid = s.sites.get(site);
        if (iid == null) {
            iid = s.sites.size() + 1L;
            s.sites.put(site, iid);
            entry.varint(ENTRY_IID, iid);
            interned.message(INTERNED_SOURCE_LOCATIONS, entry);
        }
        needsState = true;
        body.varint(EVENT_SOURCE_LOCATION_IID, iid);
    }

    /**
     * The id of {@code value} in {@code table}; a value seen for the first time on this sequence
     * gets the next id, and its definition goes into the packet being built.
     */
    private long iid(Map<String, Long> table, String value, int internedField) {
        Long iid = table.get(value);
        if (iid == null) {
            iid = table.size() + 1L;
            table.put(value, iid);
            entry.clear().varint(ENTRY_IID, iid).string(ENTRY_NAME, value);
            interned.message(internedField, entry);
        }
        needsState = true;
        return iid;
    }

    /** Packets written so far. */
    public long packets() {
        return packets;
    }

    private void emit(Sequence s, int field, ProtoBuffer content, long time) throws IOException {
        packet.clear();
        if (time != NO_TIME) {
            // A time a little before the zero (within the clock error) is shown at the zero.
            packet.varint(PACKET_TIMESTAMP, Math.max(0, time));
        }
        packet.varint(PACKET_SEQUENCE_ID, s.id);
        int flags = needsState ? SEQ_NEEDS_INCREMENTAL_STATE : 0;
        if (!s.started) {
            // A sequence's first packet: no ids from another writer's output apply to what follows.
            s.started = true;
            flags |= SEQ_INCREMENTAL_STATE_CLEARED;
        }
        if (flags != 0) {
            packet.varint(PACKET_SEQUENCE_FLAGS, flags);
        }
        if (interned.size() > 0) {
            packet.message(PACKET_INTERNED_DATA, interned);
        }
        if (defaults != null) {
            packet.message(PACKET_DEFAULTS, defaults);
            defaults = null;
        }
        packet.message(field, content);
        frame.clear().message(TRACE_PACKET, packet).writeTo(out);
        interned.clear();
        needsState = false;
        packets++;
    }

    // Track ids are small, as every event carries its track's: a process's is its rank + 1, a
    // thread's holds its thread id above the rank's 24 bits; the rare tracks use high bits.
    static long processTrack(int rank) {
        return rank + 1L;
    }

    static long threadTrack(int rank, long tid) {
        return ((tid + 1) << 24) | rank;
    }

    static long levelTrack(int rank) {
        return (1L << 61) | rank;
    }

    static long waitTrackUuid(int rank) {
        return (1L << 60) | rank;
    }

    static long counterTrackUuid(int rank, int index) {
        return (1L << 62) | ((long) index << 24) | rank;
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
        out.flush();
    }
}
