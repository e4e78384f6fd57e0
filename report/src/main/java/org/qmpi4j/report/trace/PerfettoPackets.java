package org.qmpi4j.report.trace;

import static org.qmpi4j.report.trace.PerfettoProto.PACKET_DEFAULTS;
import static org.qmpi4j.report.trace.PerfettoProto.PACKET_INTERNED_DATA;
import static org.qmpi4j.report.trace.PerfettoProto.PACKET_SEQUENCE_FLAGS;
import static org.qmpi4j.report.trace.PerfettoProto.PACKET_SEQUENCE_ID;
import static org.qmpi4j.report.trace.PerfettoProto.PACKET_TIMESTAMP;
import static org.qmpi4j.report.trace.PerfettoProto.SEQ_INCREMENTAL_STATE_CLEARED;
import static org.qmpi4j.report.trace.PerfettoProto.SEQ_NEEDS_INCREMENTAL_STATE;
import static org.qmpi4j.report.trace.PerfettoProto.TRACE_PACKET;

import java.io.IOException;
import java.io.OutputStream;
import org.qmpi4j.api.Nullable;

/**
 * Frames each {@code TracePacket} and writes it out: its time, its sequence and the sequence's
 * flags, the strings interned for it and the sequence defaults set with it, then its content.
 */
final class PerfettoPackets {
    /** A packet without a time (a track descriptor). */
    static final long NO_TIME = Long.MIN_VALUE;

    private final OutputStream out;
    private final ProtoBuffer packet = new ProtoBuffer();
    private final ProtoBuffer frame = new ProtoBuffer();
    /** The interned definitions the packet being built introduces. */
    final ProtoBuffer interned = new ProtoBuffer();

    private boolean needsState;
    /** Trace packet defaults for the packet being built, or null. */
    private @Nullable ProtoBuffer defaults;

    private long written;

    PerfettoPackets(OutputStream out) {
        this.out = out;
    }

    /** The packet being built refers to its sequence's incremental state (an interned id, the default track). */
    void needsState() {
        needsState = true;
    }

    /** The packet being built sets its sequence's defaults to {@code defaults}. */
    void defaults(ProtoBuffer defaults) {
        this.defaults = defaults;
    }

    void emit(PerfettoSequence s, int field, ProtoBuffer content, long time) throws IOException {
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
        written++;
    }

    /** Packets written so far. */
    long written() {
        return written;
    }

    void flush() throws IOException {
        out.flush();
    }
}
