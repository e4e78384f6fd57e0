package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;

/**
 * A Perfetto protobuf trace read against Perfetto's published schema ({@code perfetto.protos.Trace},
 * compiled by protoc from the copy vendored in cli/src/test/proto/perfetto), as Perfetto's own
 * reader resolves it, checking on the way what it relies on; any breach fails the read:
 * <ul>
 *   <li>no field the schema does not declare, nor one of the wrong wire type;
 *   <li>interning: a packet that uses an interned id, or the sequence's default track, says it
 *       needs incremental state, its sequence cleared that state before, and the id or default was
 *       defined on that sequence since (in this packet or an earlier one);
 *   <li>every track is described before its first event, a thread under its rank's process;
 *   <li>slices begin and end in order on each track;
 *   <li>every flow leaves exactly one event and ends at exactly one other.
 * </ul>
 */
public final class PerfettoTraceReader {
    private static @Nullable Descriptor traceType;

    /** A slice, instant or counter value, resolved. */
    public static final class Event {
        public final int rank;
        /** The thread's id for calls, -1 on other tracks. */
        public final long tid;

        public final String track;
        public final String name;
        public final String category;
        public final long start;
        public long end;
        public final Map<String, Object> args = new LinkedHashMap<>();
        /** The call site: "function file:line", or null. */
        public @Nullable String site;

        public final List<Long> flowsOut = new ArrayList<>();
        public final List<Long> flowsIn = new ArrayList<>();
        public double value;

        Event(int rank, long tid, String track, String name, String category, long start) {
            this.rank = rank;
            this.tid = tid;
            this.track = track;
            this.name = name;
            this.category = category;
            this.start = start;
            this.end = start;
        }
    }

    /** Calls: slices on thread tracks. */
    public final List<Event> calls = new ArrayList<>();
    /** Slices of the measurement-level tracks. */
    public final List<Event> levels = new ArrayList<>();
    /** Instants (clock notes, arrow ends at instants, limits). */
    public final List<Event> instants = new ArrayList<>();
    /** Slices on the ranks' "Wait states" tracks: the wait instances marked. */
    public final List<Event> waits = new ArrayList<>();
    /** Slices on the ranks' "JVM" tracks: what the JVM took from the application. */
    public final List<Event> jvm = new ArrayList<>();
    /** Instants on the ranks' "Wait states" tracks: the late calls the waits' arrows end at. */
    public final List<Event> lateCalls = new ArrayList<>();
    /** Counter values, by rank and counter track name. */
    public final Map<Integer, Map<String, List<Event>>> counters = new TreeMap<>();
    /** rank -> name of its process track, in the order of the process descriptors. */
    public final Map<Integer, String> processes = new LinkedHashMap<>();
    /** rank -> its process track's sibling_order_rank. */
    public final Map<Integer, Integer> processOrder = new TreeMap<>();
    /** rank -> thread id -> thread name. */
    public final Map<Integer, Map<Long, String>> threads = new TreeMap<>();
    /** Track uuid -> how many times it was described. */
    public final Map<Long, Integer> descriptions = new HashMap<>();
    /** Flows: id -> [events it leaves, events it ends at]. */
    public final Map<Long, int[]> flows = new HashMap<>();

    public long packets;
    /** Packets that carried interned_data. */
    public long packetsWithInternedData;

    private final Map<Long, Track> tracks = new HashMap<>();
    private final Map<Long, Interned> sequences = new HashMap<>();

    private static final class Track {
        final int rank;
        final long tid;
        final String name;
        final String kind;
        final Deque<Event> open = new ArrayDeque<>();

        Track(int rank, long tid, String name, String kind) {
            this.rank = rank;
            this.tid = tid;
            this.name = name;
            this.kind = kind;
        }
    }

    /** One sequence's interned state. */
    private static final class Interned {
        final Map<Long, String> names = new HashMap<>();
        final Map<Long, String> categories = new HashMap<>();
        final Map<Long, String> annotationNames = new HashMap<>();
        final Map<Long, String> sites = new HashMap<>();

        @Nullable
        Long defaultTrack;
    }

    /** The interned state of a packet that uses no interned id: nothing is looked up in it. */
    private static final Interned NO_IDS = new Interned();

    public static PerfettoTraceReader read(Path file) throws IOException {
        return read(Files.readAllBytes(file));
    }

    public static PerfettoTraceReader read(byte[] bytes) throws IOException {
        DynamicMessage m = DynamicMessage.parseFrom(traceType(), bytes);
        assertKnown(m, "Trace");
        PerfettoTraceReader r = new PerfettoTraceReader();
        for (Object o : (List<?>) get(m, "packet")) {
            r.packet((Message) o);
        }
        r.finish();
        return r;
    }

    /** The values of rank {@code rank}'s counter track {@code name}, asserted present. */
    public List<Event> counter(int rank, String name) {
        Map<String, List<Event>> byName = present(counters.get(rank), "rank %s's counter tracks", rank);
        return present(byName.get(name), "rank %s's counter track %s", rank, name);
    }

    /** Slices of calls per rank and function. */
    public Map<Integer, Map<String, Long>> callsPerRank() {
        Map<Integer, Map<String, Long>> out = new TreeMap<>();
        for (Event e : calls) {
            out.computeIfAbsent(e.rank, k -> new TreeMap<>()).merge(e.name, 1L, Long::sum);
        }
        return out;
    }

    private void packet(Message p) {
        packets++;
        long seq = ((Number) get(p, "trusted_packet_sequence_id")).longValue();
        int flags = has(p, "sequence_flags") ? ((Number) get(p, "sequence_flags")).intValue() : 0;
        if ((flags & 1) != 0) {
            sequences.put(seq, new Interned());
        }
        Interned state = sequences.get(seq);
        Message data = sub(p, "interned_data");
        if (data != null) {
            packetsWithInternedData++;
            Interned defined = present(state, "sequence %s defines interned data before clearing its state", seq);
            define(defined.categories, data, "event_categories");
            define(defined.names, data, "event_names");
            define(defined.annotationNames, data, "debug_annotation_names");
            for (Object o : (List<?>) get(data, "source_locations")) {
                Message l = (Message) o;
                long iid = (Long) get(l, "iid");
                String site = location(l);
                String before = defined.sites.put(iid, site);
                assertThat(before == null || before.equals(site))
                        .as("source location %s redefined", iid)
                        .isTrue();
            }
        }
        Message defaults = sub(p, "trace_packet_defaults");
        if (defaults != null) {
            present(state, "sequence %s sets defaults before clearing its state", seq).defaultTrack =
                    (Long) get(present(sub(defaults, "track_event_defaults"), "track_event_defaults"), "track_uuid");
        }
        Message td = sub(p, "track_descriptor");
        if (td != null) {
            descriptor(td);
        }
        Message ev = sub(p, "track_event");
        if (ev != null) {
            event(p, ev, seq, flags, state);
        }
    }

    private static void define(Map<Long, String> table, Message data, String field) {
        for (Object o : (List<?>) get(data, field)) {
            Message entry = (Message) o;
            long iid = (Long) get(entry, "iid");
            String name = (String) get(entry, "name");
            String before = table.put(iid, name);
            assertThat(before == null || before.equals(name))
                    .as("%s %s redefined from %s to %s", field, iid, before, name)
                    .isTrue();
        }
    }

    private static String location(Message l) {
        return get(l, "function_name") + " " + get(l, "file_name") + ":" + get(l, "line_number");
    }

    private void descriptor(Message td) {
        long uuid = (Long) get(td, "uuid");
        descriptions.merge(uuid, 1, Integer::sum);
        if (uuid == 0) {
            return; // the root: how processes and threads are ordered
        }
        Message proc = sub(td, "process");
        Message thread = sub(td, "thread");
        if (proc != null) {
            int rank = (Integer) get(proc, "pid") - 1; // pid 0 is Perfetto's own
            String name = (String) get(proc, "process_name");
            String before = processes.put(rank, name);
            assertThat(before == null || before.equals(name)).isTrue();
            processOrder.put(rank, (Integer) get(td, "sibling_order_rank"));
            tracks.put(uuid, new Track(rank, -1, name, "process"));
            return;
        }
        long parent = (Long) get(td, "parent_uuid");
        Track p = present(tracks.get(parent), "track %s's parent %s described before it", uuid, parent);
        if (thread != null) {
            assertThat((Integer) get(thread, "pid")).isEqualTo(p.rank + 1);
            long tid = (Long) get(thread, "tid");
            String name = (String) get(thread, "thread_name");
            threads.computeIfAbsent(p.rank, k -> new TreeMap<>()).put(tid, name);
            tracks.put(uuid, new Track(p.rank, tid, name, "thread"));
        } else if (sub(td, "counter") != null) {
            tracks.put(uuid, new Track(p.rank, -1, (String) get(td, "name"), "counter"));
        } else if ("Wait states".equals(get(td, "name"))) {
            tracks.put(uuid, new Track(p.rank, -1, "Wait states", "waits"));
        } else if ("JVM".equals(get(td, "name"))) {
            tracks.put(uuid, new Track(p.rank, -1, "JVM", "jvm"));
        } else {
            tracks.put(uuid, new Track(p.rank, -1, (String) get(td, "name"), "levels"));
        }
    }

    private void event(Message p, Message ev, long seq, int flags, @Nullable Interned state) {
        long uuid;
        if (has(ev, "track_uuid")) {
            uuid = (Long) get(ev, "track_uuid");
        } else {
            assertThat(flags & 2)
                    .as("an event on the default track needs incremental state")
                    .isEqualTo(2);
            uuid = present(state == null ? null : state.defaultTrack, "sequence %s's default track", seq);
        }
        Track track = present(tracks.get(uuid), "track %s described before its first event", uuid);
        long ts = (Long) get(p, "timestamp");
        String type = get(ev, "type").toString();
        boolean usesIids = has(ev, "name_iid")
                || !((List<?>) get(ev, "category_iids")).isEmpty()
                || has(ev, "source_location_iid");
        for (Object o : (List<?>) get(ev, "debug_annotations")) {
            usesIids |= has((Message) o, "name_iid");
        }
        Interned ids = NO_IDS; // looked up in below only when usesIids
        if (usesIids) {
            assertThat(flags & 2)
                    .as("a packet using interned ids needs incremental state")
                    .isEqualTo(2);
            ids = present(state, "sequence %s cleared its state before using ids", seq);
        }
        if (type.equals("TYPE_SLICE_END")) {
            assertThat(track.open)
                    .as("an end on track %s without a begin", track.name)
                    .isNotEmpty();
            Event e = track.open.pop();
            assertThat(ts).isGreaterThanOrEqualTo(e.start);
            e.end = ts;
            return;
        }
        if (type.equals("TYPE_COUNTER")) {
            Event e = new Event(track.rank, -1, track.name, track.name, "", ts);
            e.value = has(ev, "double_counter_value")
                    ? (Double) get(ev, "double_counter_value")
                    : ((Long) get(ev, "counter_value")).doubleValue();
            counters.computeIfAbsent(track.rank, k -> new TreeMap<>())
                    .computeIfAbsent(track.name, k -> new ArrayList<>())
                    .add(e);
            return;
        }
        String name = has(ev, "name_iid")
                ? resolve(ids.names, (Long) get(ev, "name_iid"), "event name")
                : (String) get(ev, "name");
        String category;
        List<?> catIids = (List<?>) get(ev, "category_iids");
        if (!catIids.isEmpty()) {
            category = resolve(ids.categories, (Long) catIids.get(0), "category");
        } else {
            List<?> cats = (List<?>) get(ev, "categories");
            category = cats.isEmpty() ? "" : (String) cats.get(0);
        }
        Event e = new Event(track.rank, track.tid, track.name, name, category, ts);
        for (Object o : (List<?>) get(ev, "debug_annotations")) {
            Message a = (Message) o;
            String an = has(a, "name_iid")
                    ? resolve(ids.annotationNames, (Long) get(a, "name_iid"), "annotation name")
                    : (String) get(a, "name");
            e.args.put(an, has(a, "int_value") ? get(a, "int_value") : get(a, "string_value"));
        }
        if (has(ev, "source_location_iid")) {
            e.site = resolve(ids.sites, (Long) get(ev, "source_location_iid"), "source location");
        } else {
            Message location = sub(ev, "source_location");
            if (location != null) {
                e.site = location(location);
            }
        }
        for (Object id : (List<?>) get(ev, "flow_ids")) {
            e.flowsOut.add((Long) id);
            flows.computeIfAbsent((Long) id, k -> new int[2])[0]++;
        }
        for (Object id : (List<?>) get(ev, "terminating_flow_ids")) {
            e.flowsIn.add((Long) id);
            flows.computeIfAbsent((Long) id, k -> new int[2])[1]++;
        }
        if (type.equals("TYPE_SLICE_BEGIN")) {
            assertThat((track.kind.equals("waits") || track.kind.equals("jvm")) && !track.open.isEmpty())
                    .as("slices on rank %s's %s track overlap", track.rank, track.name)
                    .isFalse();
            track.open.push(e);
            (track.kind.equals("levels")
                            ? levels
                            : track.kind.equals("waits") ? waits : track.kind.equals("jvm") ? jvm : calls)
                    .add(e);
        } else {
            assertThat(type).isEqualTo("TYPE_INSTANT");
            (track.kind.equals("waits") ? lateCalls : instants).add(e);
        }
    }

    private static String resolve(Map<Long, String> table, long iid, String what) {
        return present(table.get(iid), "%s %s defined on its sequence before use", what, iid);
    }

    /** {@code value}, asserted present ({@code description} and {@code args}: the assertion's, as {@code as}). */
    private static <T> T present(@Nullable T value, String description, Object... args) {
        assertThat(value).as(description, args).isNotNull();
        return Objects.requireNonNull(value); // not null: the assertion above would have failed
    }

    private void finish() {
        for (Map.Entry<Long, int[]> f : flows.entrySet()) {
            assertThat(f.getValue())
                    .as("flow %s: events it leaves, events it ends at", f.getKey())
                    .containsExactly(1, 1);
        }
    }

    private static synchronized Descriptor traceType() throws IOException {
        Descriptor type = traceType;
        if (type == null) {
            FileDescriptorSet set;
            try (InputStream in = PerfettoTraceReader.class.getResourceAsStream("/perfetto/perfetto_trace.desc")) {
                assertThat(in)
                        .as("descriptor made by protoc at generate-test-resources")
                        .isNotNull();
                set = FileDescriptorSet.parseFrom(in);
            }
            try {
                type = FileDescriptor.buildFrom(set.getFile(0), new FileDescriptor[0])
                        .findMessageTypeByName("Trace");
            } catch (DescriptorValidationException e) {
                throw new IOException(e);
            }
            traceType = type;
        }
        return type;
    }

    /** Every field of every nested message is one the schema declares, with its declared wire type. */
    private static void assertKnown(Message m, String path) {
        assertThat(m.getUnknownFields().asMap())
                .as("fields unknown to Perfetto's schema at %s", path)
                .isEmpty();
        for (Map.Entry<FieldDescriptor, Object> f : m.getAllFields().entrySet()) {
            if (f.getKey().getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                continue;
            }
            if (f.getKey().isRepeated()) {
                for (Object o : (List<?>) f.getValue()) {
                    assertKnown((Message) o, path + "." + f.getKey().getName());
                }
            } else {
                assertKnown((Message) f.getValue(), path + "." + f.getKey().getName());
            }
        }
    }

    private static FieldDescriptor field(Message m, String name) {
        FieldDescriptor f = m.getDescriptorForType().findFieldByName(name);
        assertThat(f)
                .as("%s.%s in the schema", m.getDescriptorForType().getName(), name)
                .isNotNull();
        return f;
    }

    private static boolean has(Message m, String name) {
        return m.hasField(field(m, name));
    }

    private static Object get(Message m, String name) {
        return m.getField(field(m, name));
    }

    private static @Nullable Message sub(Message m, String name) {
        FieldDescriptor f = field(m, name);
        return m.hasField(f) ? (Message) m.getField(f) : null;
    }
}
