package org.qmpi4j.report.trace;

/**
 * The field numbers and enum values of Perfetto's trace protos that the writer uses
 * ({@code perfetto.protos.Trace}, {@code TracePacket}, {@code TrackEvent}, {@code TrackDescriptor},
 * {@code InternedData}, ...), as the published schema numbers them.
 */
final class PerfettoProto {
    private PerfettoProto() {}

    static final int TRACE_PACKET = 1;

    static final int PACKET_TIMESTAMP = 8;
    static final int PACKET_SEQUENCE_ID = 10;
    static final int PACKET_TRACK_EVENT = 11;
    static final int PACKET_INTERNED_DATA = 12;
    static final int PACKET_SEQUENCE_FLAGS = 13;
    static final int PACKET_DEFAULTS = 59;
    static final int PACKET_TRACK_DESCRIPTOR = 60;
    static final int SEQ_INCREMENTAL_STATE_CLEARED = 1;
    static final int SEQ_NEEDS_INCREMENTAL_STATE = 2;

    static final int DEFAULTS_TRACK_EVENT = 11;
    static final int EVENT_DEFAULTS_TRACK_UUID = 11;

    static final int EVENT_CATEGORY_IIDS = 3;
    static final int EVENT_DEBUG_ANNOTATIONS = 4;
    static final int EVENT_TYPE = 9;
    static final int EVENT_NAME_IID = 10;
    static final int EVENT_TRACK_UUID = 11;
    static final int EVENT_CATEGORIES = 22;
    static final int EVENT_NAME = 23;
    static final int EVENT_COUNTER_VALUE = 30;
    static final int EVENT_SOURCE_LOCATION = 33;
    static final int EVENT_SOURCE_LOCATION_IID = 34;
    static final int EVENT_DOUBLE_COUNTER_VALUE = 44;
    static final int EVENT_FLOW_IDS = 47;
    static final int EVENT_TERMINATING_FLOW_IDS = 48;
    static final int TYPE_SLICE_BEGIN = 1;
    static final int TYPE_SLICE_END = 2;
    static final int TYPE_INSTANT = 3;
    static final int TYPE_COUNTER = 4;

    static final int TRACK_UUID = 1;
    static final int TRACK_NAME = 2;
    static final int TRACK_PROCESS = 3;
    static final int TRACK_THREAD = 4;
    static final int TRACK_PARENT_UUID = 5;
    static final int TRACK_COUNTER = 8;
    static final int TRACK_CHILD_ORDERING = 11;
    static final int TRACK_SIBLING_ORDER_RANK = 12;
    static final int TRACK_PROCESS_ORDERING = 19;
    static final int TRACK_THREAD_ORDERING = 20;
    static final int CHILD_ORDERING_EXPLICIT = 3;
    static final int PROCESS_ORDERING_EXPLICIT = 1;
    static final int THREAD_ORDERING_EXPLICIT = 1;
    static final int PROCESS_PID = 1;
    static final int PROCESS_NAME = 6;
    static final int THREAD_PID = 1;
    static final int THREAD_TID = 2;
    static final int THREAD_NAME = 5;
    static final int COUNTER_UNIT = 3;
    static final int COUNTER_UNIT_NAME = 6;

    static final int ANNOTATION_NAME_IID = 1;
    static final int ANNOTATION_INT = 4;
    static final int ANNOTATION_STRING = 6;
    static final int ANNOTATION_NAME = 10;

    static final int INTERNED_CATEGORIES = 1;
    static final int INTERNED_EVENT_NAMES = 2;
    static final int INTERNED_ANNOTATION_NAMES = 3;
    static final int INTERNED_SOURCE_LOCATIONS = 4;
    static final int ENTRY_IID = 1;
    static final int ENTRY_NAME = 2;
    static final int LOCATION_FILE = 2;
    static final int LOCATION_FUNCTION = 3;
    static final int LOCATION_LINE = 4;
}
