package org.qmpi4j.report.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

/**
 * Writes a trace in Perfetto's protobuf format ({@code perfetto.protos.Trace}: a sequence of
 * {@code TracePacket}s, each field 1 of the {@code Trace} message), as it goes: nothing is kept
 * but the set of tracks announced. Per rank: a process track {@code rank <r>} (pid r + 1, since
 * Perfetto reserves pid 0), under it one track per application thread that called MPI; each call
 * a slice (begin and end {@code TrackEvent}s) with its peer, tag and bytes as arguments; each
 * matched message a flow from the send's slice to the receive's. Each rank writes on its own
 * packet sequence, so the output of several writers concatenated is one valid trace: the format
 * is a repeated field, and concatenating serialised messages appends to it.
 */
public final class PerfettoTraceWriter implements Closeable {
    // perfetto.protos.Trace / TracePacket / TrackEvent / TrackDescriptor / ... field numbers.
    private static final int TRACE_PACKET = 1;
    private static final int PACKET_TIMESTAMP = 8;
    private static final int PACKET_SEQUENCE_ID = 10;
    private static final int PACKET_TRACK_EVENT = 11;
    private static final int PACKET_TRACK_DESCRIPTOR = 60;
    private static final int EVENT_DEBUG_ANNOTATIONS = 4;
    private static final int EVENT_TYPE = 9;
    private static final int EVENT_TRACK_UUID = 11;
    private static final int EVENT_CATEGORIES = 22;
    private static final int EVENT_NAME = 23;
    private static final int EVENT_FLOW_IDS = 47;
    private static final int EVENT_TERMINATING_FLOW_IDS = 48;
    private static final int TYPE_SLICE_BEGIN = 1;
    private static final int TYPE_SLICE_END = 2;
    private static final int TYPE_INSTANT = 3;
    private static final int TRACK_UUID = 1;
    private static final int TRACK_NAME = 2;
    private static final int TRACK_PROCESS = 3;
    private static final int TRACK_PARENT_UUID = 5;
    private static final int PROCESS_PID = 1;
    private static final int PROCESS_NAME = 6;
    private static final int ANNOTATION_INT = 4;
    private static final int ANNOTATION_STRING = 6;
    private static final int ANNOTATION_NAME = 10;

    private static final long NO_TIME = Long.MIN_VALUE;

    private final OutputStream out;
    private final ProtoBuffer packet = new ProtoBuffer();
    private final ProtoBuffer body = new ProtoBuffer();
    private final ProtoBuffer inner = new ProtoBuffer();
    private final ProtoBuffer frame = new ProtoBuffer();
    private final Set<Long> tracks = new HashSet<>();
    private long packets;

    public PerfettoTraceWriter(OutputStream out) {
        this.out = out;
    }

    /** Announces rank {@code rank}'s process track (once). */
    public void rank(int rank) throws IOException {
        long uuid = processTrack(rank);
        if (!tracks.add(uuid)) {
            return;
        }
        inner.clear().varint(PROCESS_PID, rank + 1L).string(PROCESS_NAME, "rank " + rank);
        body.clear().varint(TRACK_UUID, uuid).message(TRACK_PROCESS, inner);
        emit(rank, PACKET_TRACK_DESCRIPTOR, body, NO_TIME);
    }

    /** Announces the track of thread {@code tid} on rank {@code rank} (once). */
    public void thread(int rank, long tid, String name) throws IOException {
        rank(rank);
        long uuid = threadTrack(rank, tid);
        if (!tracks.add(uuid)) {
            return;
        }
        body.clear()
                .varint(TRACK_UUID, uuid)
                .varint(TRACK_PARENT_UUID, processTrack(rank))
                .string(TRACK_NAME, name);
        emit(rank, PACKET_TRACK_DESCRIPTOR, body, NO_TIME);
    }

    /**
     * One MPI call from {@code start} to {@code end} (ns on the job's common clock) on its thread's
     * track; {@code sent} / {@code received}: the message ids (see {@link TraceFormat#flowId}) of
     * the arrow that leaves / ends at this call, or {@code null}.
     */
    public void slice(int rank, ShardEvent e, long start, long end, String sent, String received) throws IOException {
        slice(rank, e, start, end, sent, received == null ? java.util.List.of() : java.util.List.of(received));
    }

    /**
     * One MPI call, as {@link #slice(int, ShardEvent, long, long, String, String)}, at which the
     * arrows of the messages {@code received} end (a wait that completed several receives).
     */
    public void slice(int rank, ShardEvent e, long start, long end, String sent, java.util.List<String> received)
            throws IOException {
        long track = threadTrack(rank, e.tid());
        body.clear().varint(EVENT_TYPE, TYPE_SLICE_BEGIN).varint(EVENT_TRACK_UUID, track);
        body.string(EVENT_CATEGORIES, "mpi").string(EVENT_NAME, e.function());
        annotation("peer", e.peer());
        annotation("tag", e.tag());
        annotation("bytes", e.bytes());
        if (sent != null) {
            body.fixed64(EVENT_FLOW_IDS, flowId(sent));
        }
        for (String id : received) {
            body.fixed64(EVENT_TERMINATING_FLOW_IDS, flowId(id));
        }
        emit(rank, PACKET_TRACK_EVENT, body, start);
        body.clear().varint(EVENT_TYPE, TYPE_SLICE_END).varint(EVENT_TRACK_UUID, track);
        emit(rank, PACKET_TRACK_EVENT, body, Math.max(start, end));
    }

    /**
     * The end of message {@code id}'s arrow at {@code time} on thread {@code tid}'s track (announced
     * before), for an arrow whose receiving call was written before its end was known.
     */
    public void flowEnd(int rank, long tid, long time, String id) throws IOException {
        body.clear()
                .varint(EVENT_TYPE, TYPE_INSTANT)
                .varint(EVENT_TRACK_UUID, threadTrack(rank, tid))
                .string(EVENT_CATEGORIES, "mpi")
                .string(EVENT_NAME, "message received")
                .fixed64(EVENT_TERMINATING_FLOW_IDS, flowId(id));
        emit(rank, PACKET_TRACK_EVENT, body, time);
    }

    /** A point in time on rank {@code rank}'s process track, with text arguments (name, value pairs). */
    public void instant(int rank, long time, String name, String... args) throws IOException {
        rank(rank);
        body.clear()
                .varint(EVENT_TYPE, TYPE_INSTANT)
                .varint(EVENT_TRACK_UUID, processTrack(rank))
                .string(EVENT_CATEGORIES, "qmpi4j")
                .string(EVENT_NAME, name);
        for (int i = 0; i + 1 < args.length; i += 2) {
            inner.clear().string(ANNOTATION_NAME, args[i]).string(ANNOTATION_STRING, args[i + 1]);
            body.message(EVENT_DEBUG_ANNOTATIONS, inner);
        }
        emit(rank, PACKET_TRACK_EVENT, body, time);
    }

    private void annotation(String name, long value) {
        if (value != TraceFormat.NONE) {
            inner.clear().string(ANNOTATION_NAME, name).varint(ANNOTATION_INT, value);
            body.message(EVENT_DEBUG_ANNOTATIONS, inner);
        }
    }

    /** Packets written so far. */
    public long packets() {
        return packets;
    }

    private void emit(int rank, int field, ProtoBuffer content, long time) throws IOException {
        packet.clear();
        if (time != NO_TIME) {
            // A time a little before the zero (within the clock error) is shown at the zero.
            packet.varint(PACKET_TIMESTAMP, Math.max(0, time));
        }
        packet.varint(PACKET_SEQUENCE_ID, rank + 1L).message(field, content);
        frame.clear().message(TRACE_PACKET, packet).writeTo(out);
        packets++;
    }

    static long processTrack(int rank) {
        return (1L << 62) | rank;
    }

    static long threadTrack(int rank, long tid) {
        return (1L << 61) | ((long) rank << 32) | (tid & 0xFFFF_FFFFL);
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
