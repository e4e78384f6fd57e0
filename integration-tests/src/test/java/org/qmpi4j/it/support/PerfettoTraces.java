package org.qmpi4j.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Perfetto protobuf trace ({@code trace.pftrace}) read against Perfetto's published schema
 * ({@code perfetto.protos.Trace}, compiled by protoc from the copy vendored in
 * cli/src/test/proto/perfetto): a field the schema does not declare, or one of the wrong wire type,
 * shows as an unknown field and fails the read. Counts the slices per rank and function, as
 * {@link ToolResults.Trace} counts trace.json's complete events.
 */
public final class PerfettoTraces {
    private static Descriptor traceType;

    /** rank -> function -> slices (one per traced call) */
    public final Map<Integer, Map<String, Long>> events = new TreeMap<>();
    /** rank -> name of its process track */
    public final Map<Integer, String> processes = new TreeMap<>();
    /** Arrows leaving and ending at slices or instants. */
    public long flowStarts;

    public long flowEnds;

    private PerfettoTraces(Message trace) {
        Map<Long, Integer> rankOfTrack = new HashMap<>();
        Map<Long, Long> parentOfTrack = new HashMap<>();
        List<?> packets = (List<?>) get(trace, "packet");
        for (Object o : packets) {
            Message td = sub((Message) o, "track_descriptor");
            if (td == null) {
                continue;
            }
            long uuid = (Long) get(td, "uuid");
            Message proc = sub(td, "process");
            if (proc != null) {
                int rank = (Integer) get(proc, "pid") - 1; // pid 0 is Perfetto's own
                rankOfTrack.put(uuid, rank);
                assertThat(processes.put(rank, (String) get(proc, "process_name")))
                        .isNull();
            } else {
                parentOfTrack.put(uuid, (Long) get(td, "parent_uuid"));
            }
        }
        for (Object o : packets) {
            Message ev = sub((Message) o, "track_event");
            if (ev == null) {
                continue;
            }
            flowStarts += ((List<?>) get(ev, "flow_ids")).size();
            flowEnds += ((List<?>) get(ev, "terminating_flow_ids")).size();
            if (!get(ev, "type").toString().equals("TYPE_SLICE_BEGIN")) {
                continue;
            }
            long track = (Long) get(ev, "track_uuid");
            Integer rank = rankOfTrack.get(parentOfTrack.getOrDefault(track, track));
            assertThat(rank).as("the process of track %s", track).isNotNull();
            events.computeIfAbsent(rank, k -> new TreeMap<>()).merge((String) get(ev, "name"), 1L, Long::sum);
        }
    }

    public static PerfettoTraces read(Path file) throws IOException {
        DynamicMessage m = DynamicMessage.parseFrom(traceType(), Files.readAllBytes(file));
        assertKnown(m, "Trace");
        return new PerfettoTraces(m);
    }

    private static synchronized Descriptor traceType() throws IOException {
        if (traceType == null) {
            FileDescriptorSet set;
            try (InputStream in = PerfettoTraces.class.getResourceAsStream("/perfetto/perfetto_trace.desc")) {
                assertThat(in)
                        .as("descriptor made by protoc at generate-test-resources")
                        .isNotNull();
                set = FileDescriptorSet.parseFrom(in);
            }
            try {
                traceType = FileDescriptor.buildFrom(set.getFile(0), new FileDescriptor[0])
                        .findMessageTypeByName("Trace");
            } catch (com.google.protobuf.Descriptors.DescriptorValidationException e) {
                throw new IOException(e);
            }
        }
        return traceType;
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

    private static Object get(Message m, String name) {
        FieldDescriptor f = m.getDescriptorForType().findFieldByName(name);
        assertThat(f)
                .as("%s.%s in the schema", m.getDescriptorForType().getName(), name)
                .isNotNull();
        return m.getField(f);
    }

    private static Message sub(Message m, String name) {
        FieldDescriptor f = m.getDescriptorForType().findFieldByName(name);
        assertThat(f)
                .as("%s.%s in the schema", m.getDescriptorForType().getName(), name)
                .isNotNull();
        return m.hasField(f) ? (Message) m.getField(f) : null;
    }
}
