package org.qmpi4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.report.trace.PerfettoTraceReader;

/**
 * {@code qmpi4j trace} on shards written as the tracer writes them (ranks with skewed clocks and
 * their measured offsets), and {@code merge} past its limit. Every Perfetto file is read against
 * Perfetto's published schema ({@code perfetto.protos.Trace}, compiled by protoc from the vendored
 * {@code perfetto_trace.proto}): a field the schema does not have, or one of the wrong wire type,
 * would show as an unknown field and fail the test.
 */
class TraceCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static Descriptor traceType;

    @BeforeAll
    static void loadSchema() throws Exception {
        FileDescriptorSet set;
        try (InputStream in = TraceCommandTest.class.getResourceAsStream("/perfetto/perfetto_trace.desc")) {
            assertThat(in)
                    .as("descriptor made by protoc at generate-test-resources")
                    .isNotNull();
            set = FileDescriptorSet.parseFrom(in);
        }
        assertThat(set.getFileCount()).isEqualTo(1); // the merged schema imports nothing
        FileDescriptor file = FileDescriptor.buildFrom(set.getFile(0), new FileDescriptor[0]);
        traceType = file.findMessageTypeByName("Trace");
    }

    private int run(String... args) {
        return Qmpi4jCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    /** Rank r's clock runs {@code skew} ns ahead of rank 0's; it measured that within 500 ns. */
    private void shard(int rank, int size, long skew, int messages) throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        try (TraceFileWriter w =
                new TraceFileWriter(ResultFiles.rankTrace(dir, rank), rank, size, "openmpi", Long.MAX_VALUE, 4096)) {
            w.clock(skew + 1000, -skew, rank == 0 ? 0 : 500);
            w.zero(0);
            w.defineFunction(0, "MPI_SEND");
            w.defineFunction(1, "MPI_RECV");
            w.defineThread(1, "main");
            // Rank r sends message i to rank r+1 at 1 ms * i (+ r * 10 us); receives from r-1 just after.
            for (int i = 0; i < messages; i++) {
                long t = 1_000_000L * i + rank * 10_000L;
                if (rank + 1 < size) {
                    w.event(
                            0,
                            1,
                            skew + t,
                            2_000,
                            rank + 1,
                            5,
                            8,
                            i,
                            TraceFormat.NONE,
                            TraceFormat.NONE,
                            TraceFormat.NONE);
                }
                if (rank > 0) {
                    w.event(1, 1, skew + t + 3_000, 4_000, rank - 1, 5, 8, TraceFormat.NONE, rank - 1, 5, i);
                }
            }
            w.clock(skew + 1_000_000_000L, -skew, rank == 0 ? 0 : 500);
        }
    }

    @Test
    void buildsChosenRanksAndWindowInPerfettosSchema() throws Exception {
        int size = 6;
        for (int r = 0; r < size; r++) {
            shard(r, size, r * 3_000_000_000L, 20);
        }
        Path target = dir.resolve("part.pftrace");
        int code = run(
                "trace", "--ranks", "1-3", "--from", "5ms", "--to", "9.5ms", "-o", target.toString(), dir.toString());
        assertThat(code).as(err.toString()).isZero();
        assertThat(err.toString()).contains("trace of 3 rank(s)").contains(target.toString());

        Message trace = parse(Files.readAllBytes(target));
        Set<String> tracks = new HashSet<>();
        Map<Long, Long> trackOfUuid = new HashMap<>();
        List<Long> begins = new ArrayList<>();
        Set<Long> flowsOut = new HashSet<>();
        Set<Long> flowsIn = new HashSet<>();
        int ends = 0;
        for (Object o : (List<?>) trace.getField(field(traceType, "packet"))) {
            Message p = (Message) o;
            assertThat(p.getField(field(p.getDescriptorForType(), "trusted_packet_sequence_id")))
                    .isIn(2, 3, 4); // one sequence per rank, rank + 1
            Message td = sub(p, "track_descriptor");
            if (td != null) {
                Message proc = sub(td, "process");
                if (proc != null) {
                    tracks.add((String) get(proc, "process_name"));
                }
                continue;
            }
            Message ev = sub(p, "track_event");
            if (ev == null) {
                continue;
            }
            long ts = (Long) get(p, "timestamp");
            String type = get(ev, "type").toString();
            if (type.equals("TYPE_SLICE_BEGIN")) {
                begins.add(ts);
                assertThat(ts).isBetween(5_000_000L - 4_000, 9_500_000L);
                for (Object id : (List<?>) ev.getField(field(ev.getDescriptorForType(), "flow_ids"))) {
                    flowsOut.add((Long) id);
                }
                for (Object id : (List<?>) ev.getField(field(ev.getDescriptorForType(), "terminating_flow_ids"))) {
                    flowsIn.add((Long) id);
                }
            } else if (type.equals("TYPE_SLICE_END")) {
                ends++;
            }
        }
        assertThat(tracks).containsExactlyInAnyOrder("rank 1", "rank 2", "rank 3");
        // Messages 5..9 of each rank: 1, 2 and 3 each send and receive.
        assertThat(begins).hasSize(5 * (2 + 2 + 2));
        assertThat(ends).isEqualTo(begins.size());
        // The clocks were 3 s apart per rank: aligned, the arrows between chosen ranks (1 to 2, 2 to 3)
        // pair up; rank 3's sends to rank 4 (not chosen) carry none.
        assertThat(flowsOut).hasSize(10).isEqualTo(flowsIn);
        assertThat(begins).allSatisfy(ts -> assertThat(ts).isLessThan(10_000_000L));
        // Interned names resolve to the calls: rank 1 and 2 send and receive, rank 3 too.
        assertThat(PerfettoTraceReader.read(target).callsPerRank())
                .isEqualTo(Map.of(
                        1, Map.of("MPI_SEND", 5L, "MPI_RECV", 5L),
                        2, Map.of("MPI_SEND", 5L, "MPI_RECV", 5L),
                        3, Map.of("MPI_SEND", 5L, "MPI_RECV", 5L)));
    }

    @Test
    void shardsConcatenateIntoOneTrace() throws Exception {
        for (int r = 0; r < 2; r++) {
            shard(r, 2, 0, 3);
        }
        assertThat(run("trace", "--ranks", "0", "-o", dir.resolve("a.pftrace").toString(), dir.toString()))
                .isZero();
        assertThat(run("trace", "--ranks", "1", "-o", dir.resolve("b.pftrace").toString(), dir.toString()))
                .isZero();
        assertThat(run("trace", "-o", dir.resolve("all.pftrace").toString(), dir.toString()))
                .isZero();
        byte[] a = Files.readAllBytes(dir.resolve("a.pftrace"));
        byte[] b = Files.readAllBytes(dir.resolve("b.pftrace"));
        byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        // Each rank is its own packet sequence: two files concatenated are one trace of both.
        Message joined = parse(both);
        Message all = parse(Files.readAllBytes(dir.resolve("all.pftrace")));
        List<?> packets = (List<?>) joined.getField(field(traceType, "packet"));
        // Each file also describes the root track once (how processes and threads are ordered).
        assertThat(packets).hasSize(((List<?>) all.getField(field(traceType, "packet"))).size() + 1);
        assertThat(packets).hasSize(2 * (1 + 1 + 1 + 1 + 2 * 3)); // root, process, clock note, thread, 3 calls
        PerfettoTraceReader read = PerfettoTraceReader.read(both);
        PerfettoTraceReader whole = PerfettoTraceReader.read(dir.resolve("all.pftrace"));
        assertThat(read.callsPerRank())
                .isEqualTo(whole.callsPerRank())
                .isEqualTo(Map.of(0, Map.of("MPI_SEND", 3L), 1, Map.of("MPI_RECV", 3L)));
        // Arrows join chosen ranks only: the parts of one rank each have none, the whole trace all 3.
        assertThat(read.flows).isEmpty();
        assertThat(whole.flows).hasSize(3);
    }

    @Test
    void jsonOfAWindowKeepsOnlyItsCalls() throws Exception {
        for (int r = 0; r < 3; r++) {
            shard(r, 3, -r * 1_000_000_000L, 10);
        }
        Path target = dir.resolve("w.json");
        assertThat(run(
                        "trace",
                        "--format",
                        "json",
                        "--from",
                        "2ms",
                        "--to",
                        "4.5ms",
                        "-o",
                        target.toString(),
                        dir.toString()))
                .as(err.toString())
                .isZero();
        JsonNode root = JsonNode.parse(Files.readString(target));
        int complete = 0;
        for (JsonNode e : root.get("traceEvents").elements()) {
            if (e.get("ph").asString().equals("X") && e.get("cat").asString().equals("mpi")) {
                complete++;
                assertThat(e.get("ts").asDouble()).isBetween(2000.0 - 4, 4500.0);
            }
        }
        assertThat(complete).isEqualTo(3 * (1 + 2 + 1)); // messages 2, 3, 4
        assertThat(root.get("otherData").get("clock_offsets").elements()).hasSize(3);
    }

    @Test
    void mergePastItsLimitWritesTheIndexAndTheCommand() throws Exception {
        for (int r = 0; r < 4; r++) {
            shard(r, 4, 0, 50);
        }
        assertThat(run("merge", "--trace-limit", "4k", dir.toString()))
                .as(err.toString())
                .isZero();
        assertThat(dir.resolve("trace.json")).doesNotExist();
        assertThat(err.toString()).contains("trace-index.json lists them").contains("qmpi4j trace --ranks 0-3 --from ");
        JsonNode index = JsonNode.parse(Files.readString(dir.resolve("trace-index.json")));
        assertThat(index.get("ranks").asLong()).isEqualTo(4);
        assertThat(index.get("shards").elements()).hasSize(4);
        assertThat(index.get("shards").elements().get(2).get("path").asString()).isEqualTo("ranks/rank-2.trace");
        assertThat(index.get("end_s").asDouble()).isGreaterThan(0.049);

        assertThat(run("merge", dir.toString())).isZero();
        assertThat(dir.resolve("trace.json")).isRegularFile();
    }

    @Test
    void mergePastItsLimitListsTheRanksWithoutAShardInTheIndex() throws Exception {
        for (int r : new int[] {0, 1, 3, 5}) {
            shard(r, 6, 0, 50);
        }
        assertThat(run("merge", "--trace-limit", "1k", dir.toString()))
                .as(err.toString())
                .isZero();
        JsonNode index = JsonNode.parse(Files.readString(dir.resolve("trace-index.json")));
        assertThat(index.get("shards").elements()).hasSize(4);
        assertThat(index.get("missing_ranks").asLongArray()).containsExactly(2, 4);
    }

    @Test
    void mergePastTheJsonLimitWritesPerfettoWithEveryCall() throws Exception {
        for (int r = 0; r < 4; r++) {
            shard(r, 4, r * 1_000_000_000L, 50);
        }
        assertThat(run("merge", "--trace-json-limit", "4k", dir.toString()))
                .as(err.toString())
                .isZero();
        assertThat(dir.resolve("trace.json")).doesNotExist();
        assertThat(err.toString())
                .contains("trace of 4 of 4 ranks, 300 calls, in trace.pftrace")
                .contains("qmpi4j: results in " + dir + " (trace.pftrace)");
        PerfettoTraceReader merged = PerfettoTraceReader.read(dir.resolve("trace.pftrace"));
        // Rank 0 sends 50, ranks 1 and 2 send and receive 50 each, rank 3 receives 50: one thread each.
        assertThat(merged.callsPerRank())
                .isEqualTo(Map.of(
                        0, Map.of("MPI_SEND", 50L),
                        1, Map.of("MPI_SEND", 50L, "MPI_RECV", 50L),
                        2, Map.of("MPI_SEND", 50L, "MPI_RECV", 50L),
                        3, Map.of("MPI_RECV", 50L)));
        assertThat(merged.threads.values()).allSatisfy(t -> assertThat(t).hasSize(1));
        assertThat(merged.flows).hasSize(150);

        Files.delete(dir.resolve("trace.pftrace"));
        assertThat(run("merge", dir.toString())).isZero();
        assertThat(dir.resolve("trace.json")).isRegularFile();
        assertThat(dir.resolve("trace.pftrace")).doesNotExist();
    }

    @Test
    void badSelectionsAreOneLine() throws Exception {
        shard(0, 2, 0, 1);
        assertThat(run("trace", "--ranks", "3-1", dir.toString())).isEqualTo(Qmpi4jCommand.BAD_INPUT);
        assertThat(run("trace", "--ranks", "0-7", dir.toString())).isEqualTo(Qmpi4jCommand.BAD_INPUT);
        assertThat(run("trace", "--from", "soon", dir.toString())).isEqualTo(Qmpi4jCommand.BAD_INPUT);
        assertThat(err.toString()).contains("the job has ranks 0-1").contains("is not a time like 10s");
    }

    // ---- reading against the schema ------------------------------------------------------------

    private static Message parse(byte[] bytes) throws Exception {
        DynamicMessage m = DynamicMessage.parseFrom(traceType, bytes);
        assertKnown(m, "Trace");
        return m;
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

    private static FieldDescriptor field(Descriptor d, String name) {
        FieldDescriptor f = d.findFieldByName(name);
        assertThat(f).as("%s.%s in the schema", d.getName(), name).isNotNull();
        return f;
    }

    private static Object get(Message m, String name) {
        return m.getField(field(m.getDescriptorForType(), name));
    }

    private static @Nullable Message sub(Message m, String name) {
        FieldDescriptor f = field(m.getDescriptorForType(), name);
        return m.hasField(f) ? (Message) m.getField(f) : null;
    }
}
