package org.qmpi4j.report.trace;

import static org.qmpi4j.report.trace.PerfettoProto.ANNOTATION_INT;
import static org.qmpi4j.report.trace.PerfettoProto.ANNOTATION_NAME;
import static org.qmpi4j.report.trace.PerfettoProto.ANNOTATION_NAME_IID;
import static org.qmpi4j.report.trace.PerfettoProto.ANNOTATION_STRING;
import static org.qmpi4j.report.trace.PerfettoProto.ENTRY_IID;
import static org.qmpi4j.report.trace.PerfettoProto.ENTRY_NAME;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_CATEGORIES;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_CATEGORY_IIDS;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_COUNTER_VALUE;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_DEBUG_ANNOTATIONS;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_DOUBLE_COUNTER_VALUE;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_FLOW_IDS;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_NAME;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_NAME_IID;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_SOURCE_LOCATION;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_SOURCE_LOCATION_IID;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_TERMINATING_FLOW_IDS;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_TRACK_UUID;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_TYPE;
import static org.qmpi4j.report.trace.PerfettoProto.INTERNED_ANNOTATION_NAMES;
import static org.qmpi4j.report.trace.PerfettoProto.INTERNED_CATEGORIES;
import static org.qmpi4j.report.trace.PerfettoProto.INTERNED_EVENT_NAMES;
import static org.qmpi4j.report.trace.PerfettoProto.INTERNED_SOURCE_LOCATIONS;
import static org.qmpi4j.report.trace.PerfettoProto.LOCATION_FILE;
import static org.qmpi4j.report.trace.PerfettoProto.LOCATION_FUNCTION;
import static org.qmpi4j.report.trace.PerfettoProto.LOCATION_LINE;
import static org.qmpi4j.report.trace.PerfettoProto.PACKET_TRACK_EVENT;

import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.ShardSite;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * The {@code TrackEvent} being built, one at a time: its type, track, strings, arguments, arrows
 * and counter value. Its strings are spelled as the writer's {@link PerfettoTraceWriter.Strings}
 * says: interned, a string's definition goes into the packet that first uses it on the event's
 * sequence ({@code interned_data}) and its id into the event; inline, the string itself.
 */
final class PerfettoEvent {
    private final PerfettoTraceWriter.Strings strings;
    private final PerfettoPackets packets;
    private final ProtoBuffer body = new ProtoBuffer();
    private final ProtoBuffer annotation = new ProtoBuffer();
    private final ProtoBuffer entry = new ProtoBuffer();
    /** The sequence of the event being built: set by {@link #begin}, which starts every event. */
    private @Nullable PerfettoSequence sequence;

    PerfettoEvent(PerfettoTraceWriter.Strings strings, PerfettoPackets packets) {
        this.strings = strings;
        this.packets = packets;
    }

    /** Starts an event of {@code type} ({@code TrackEvent.Type}) on sequence {@code s}. */
    PerfettoEvent begin(PerfettoSequence s, int type) {
        sequence = s;
        body.clear().varint(EVENT_TYPE, type);
        return this;
    }

    /** The event's track, named explicitly. */
    PerfettoEvent track(long track) {
        body.varint(EVENT_TRACK_UUID, track);
        return this;
    }

    /** A thread's track, left out when it is the sequence's default. */
    PerfettoEvent threadTrack(long track) {
        if (track == sequence().defaultTrack) {
            packets.needsState();
        } else {
            body.varint(EVENT_TRACK_UUID, track);
        }
        return this;
    }

    PerfettoEvent category(String category) {
        if (strings == PerfettoTraceWriter.Strings.INLINE) {
            body.string(EVENT_CATEGORIES, category);
        } else {
            body.varint(EVENT_CATEGORY_IIDS, iid(sequence().categories, category, INTERNED_CATEGORIES));
        }
        return this;
    }

    PerfettoEvent name(String name) {
        if (strings == PerfettoTraceWriter.Strings.INLINE) {
            body.string(EVENT_NAME, name);
        } else {
            body.varint(EVENT_NAME_IID, iid(sequence().names, name, INTERNED_EVENT_NAMES));
        }
        return this;
    }

    /** A whole-number argument, left out when it is {@link TraceFormat#NONE}. */
    PerfettoEvent argument(String name, long value) {
        if (value != TraceFormat.NONE) {
            annotationName(name);
            annotation.varint(ANNOTATION_INT, value);
            body.message(EVENT_DEBUG_ANNOTATIONS, annotation);
        }
        return this;
    }

    /** Text arguments: name, value pairs. */
    PerfettoEvent textArguments(String... args) {
        for (int i = 0; i + 1 < args.length; i += 2) {
            annotationName(args[i]);
            annotation.string(ANNOTATION_STRING, args[i + 1]);
            body.message(EVENT_DEBUG_ANNOTATIONS, annotation);
        }
        return this;
    }

    PerfettoEvent sourceLocation(ShardSite site) {
        entry.clear().string(LOCATION_FUNCTION, site.className() + "." + site.method());
        if (site.file() != null) {
            entry.string(LOCATION_FILE, site.file());
        }
        if (site.line() >= 0) {
            entry.varint(LOCATION_LINE, site.line());
        }
        if (strings == PerfettoTraceWriter.Strings.INLINE) {
            body.message(EVENT_SOURCE_LOCATION, entry);
            return this;
        }
        Map<ShardSite, Long> sites = sequence().sites;
        Long iid = sites.get(site);
        if (iid == null) {
            iid = sites.size() + 1L;
            sites.put(site, iid);
            entry.varint(ENTRY_IID, iid);
            packets.interned.message(INTERNED_SOURCE_LOCATIONS, entry);
        }
        packets.needsState();
        body.varint(EVENT_SOURCE_LOCATION_IID, iid);
        return this;
    }

    /** The arrow {@code flow} leaves this event. */
    PerfettoEvent flow(long flow) {
        body.fixed64(EVENT_FLOW_IDS, flow);
        return this;
    }

    /** The arrow {@code flow} ends at this event. */
    PerfettoEvent flowEnd(long flow) {
        body.fixed64(EVENT_TERMINATING_FLOW_IDS, flow);
        return this;
    }

    PerfettoEvent counterValue(long value) {
        body.varint(EVENT_COUNTER_VALUE, value);
        return this;
    }

    PerfettoEvent counterValue(double value) {
        body.fixed64(EVENT_DOUBLE_COUNTER_VALUE, Double.doubleToRawLongBits(value));
        return this;
    }

    /** Writes the event at {@code time}. */
    void emit(long time) throws IOException {
        packets.emit(sequence(), PACKET_TRACK_EVENT, body, time);
    }

    /** The event's sequence; every event is started with {@link #begin}, which sets it. */
    private PerfettoSequence sequence() {
        return Objects.requireNonNull(sequence, "an event is started with begin()");
    }

    /** Starts a debug annotation with its name. */
    private void annotationName(String name) {
        annotation.clear();
        if (strings == PerfettoTraceWriter.Strings.INLINE) {
            annotation.string(ANNOTATION_NAME, name);
        } else {
            annotation.varint(ANNOTATION_NAME_IID, iid(sequence().annotationNames, name, INTERNED_ANNOTATION_NAMES));
        }
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
            packets.interned.message(internedField, entry);
        }
        packets.needsState();
        return iid;
    }
}
