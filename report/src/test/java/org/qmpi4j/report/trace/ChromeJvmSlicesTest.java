package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.formats.trace.TraceFormat.NONE;

import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.formats.trace.TraceResult;

/**
 * A shard's JVM records in {@code trace.json} ({@link ChromeTraceAssembler}): one complete event
 * per kind, of category {@code qmpi4j.jvm}, on the rank's own thread track named "JVM", at the end
 * of the interval it was recorded in, cut to it, with the arguments of the Perfetto trace's; the
 * same slices as {@code trace.pftrace} gets from the same shards ({@link JvmSlices}, one
 * computation); the MPI calls (category {@code mpi}) are counted as before.
 */
class ChromeJvmSlicesTest {
    /** The completed requests of a call that completed none. */
    private static final long[] NO_REQS = {};

    private static final long MS = 1_000_000;

    private static final String PLACED =
            "the trace records how much of the interval this took, not when: drawn at the interval's end";

    @TempDir
    Path dir;

    private static void call(TraceFileWriter w, int fid, long start, long duration, @Nullable long[] jvm)
            throws Exception {
        w.event(
                fid, 1, start, duration, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, 0, NONE, 0, NONE, NONE, NONE,
                NO_REQS, 0, jvm);
    }

    /**
     * Two ranks, three calls each (MPI_INIT at 0, barriers at 100 and 200 ms, 1 ms each). Rank 0:
     * before the first barrier two collections of 60 ms in all and 5 ms of other safepoints, inside
     * it 3 ms descheduled (more than the call lasted); before the second, 2 ms of class loading.
     * Rank 1: nothing.
     */
    private Path shard(int rank) throws Exception {
        Path shard = dir.resolve("rank-" + rank + ".trace");
        try (TraceFileWriter w = new TraceFileWriter(shard, rank, 2, "openmpi", Long.MAX_VALUE, 4096)) {
            w.defineFunction(0, "MPI_INIT");
            w.defineFunction(1, "MPI_BARRIER");
            w.defineThread(1, "main");
            w.defineCommunicator(0, TraceFormat.WORLD_KEY, "0..1", null);
            w.clock(0, 0, 0);
            w.zero(0);
            call(w, 0, 0, MS, null);
            call(w, 1, 100 * MS, MS, rank == 0 ? new long[] {60 * MS, 2, 5 * MS, 0, 0, 0, 0, 0, 0, 3 * MS} : null);
            call(w, 1, 200 * MS, MS, rank == 0 ? new long[] {0, 0, 0, 2 * MS, 0, 0, 0, 0, 0, 0} : null);
            w.clock(300 * MS, 0, 0);
            w.end();
        }
        return shard;
    }

    private JsonNode chrome(TraceSelection selection) throws Exception {
        StringWriter out = new StringWriter();
        ChromeTraceAssembler a = new ChromeTraceAssembler(out, 2, "openmpi");
        a.select(selection);
        for (int r = 0; r < 2; r++) {
            byte[] bytes = Files.readAllBytes(shard(r));
            a.feed(r, bytes, 0, bytes.length);
            a.endRank(r);
        }
        TraceResult result = a.finish();
        assertThat(result.problems()).isEmpty();
        assertThat(result.calls()).isEqualTo(Map.of(0, 3L, 1, 3L));
        return JsonNode.parse(out.toString()); // still JSON
    }

    private static List<JsonNode> events(JsonNode trace, String ph, @Nullable String cat) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : trace.get("traceEvents").elements()) {
            if (e.get("ph").asString().equals(ph)
                    && (cat == null || e.get("cat").asString().equals(cat))) {
                out.add(e);
            }
        }
        return out;
    }

    private static long ns(JsonNode micros) throws Exception {
        return Math.round(micros.asDouble() * 1000);
    }

    @Test
    void eachKindIsACompleteEventOnTheRanksJvmThreadEndingWhereItsIntervalEnds() throws Exception {
        JsonNode trace = chrome(TraceSelection.all());
        List<JsonNode> jvm = events(trace, "X", "qmpi4j.jvm");
        assertThat(jvm)
                .extracting(e -> e.get("name").asString())
                .containsExactly("JVM: gc", "JVM: safepoint", "JVM: descheduled", "JVM: class loading");
        for (JsonNode e : jvm) {
            assertThat(e.get("pid").asLong()).as("only rank 0's JVM took time").isZero();
            assertThat(e.get("tid").asLong()).isEqualTo(ChromeTraceAssembler.JVM_TID);
            assertThat(e.get("args").get("placed").asString()).isEqualTo(PLACED);
        }
        JsonNode gc = jvm.get(0);
        assertThat(ns(gc.get("ts"))).isEqualTo(35 * MS);
        assertThat(ns(gc.get("dur"))).isEqualTo(60 * MS);
        assertThat(gc.get("args").get("ns").asLong()).isEqualTo(60 * MS);
        assertThat(gc.get("args").get("collections").asLong()).isEqualTo(2);
        assertThat(gc.get("args").get("where").asString())
                .isEqualTo("before MPI_BARRIER (since the previous call's exit)");
        JsonNode safepoint = jvm.get(1);
        assertThat(ns(safepoint.get("ts"))).isEqualTo(95 * MS);
        assertThat(ns(safepoint.get("dur"))).isEqualTo(5 * MS);
        assertThat(safepoint.get("args").has("collections")).isFalse();
        JsonNode descheduled = jvm.get(2);
        assertThat(ns(descheduled.get("ts"))).isEqualTo(100 * MS);
        assertThat(ns(descheduled.get("dur"))).as("cut to the call").isEqualTo(MS);
        assertThat(descheduled.get("args").get("ns").asLong()).isEqualTo(3 * MS);
        assertThat(descheduled.get("args").get("where").asString()).isEqualTo("inside MPI_BARRIER");
        JsonNode classLoading = jvm.get(3);
        assertThat(ns(classLoading.get("ts")))
                .as("ends at the second barrier's entry")
                .isEqualTo(198 * MS);
        assertThat(ns(classLoading.get("dur"))).isEqualTo(2 * MS);

        // The track is named JVM on rank 0 only; the calls keep their category and are counted as before.
        List<String> names = new ArrayList<>();
        for (JsonNode m : events(trace, "M", null)) {
            if (m.get("name").asString().equals("thread_name")) {
                names.add(m.get("pid").asLong() + "/" + m.get("tid").asLong() + " "
                        + m.get("args").get("name").asString());
            }
        }
        assertThat(names).containsExactly("0/1 main", "0/" + ChromeTraceAssembler.JVM_TID + " JVM", "1/1 main");
        List<JsonNode> calls = events(trace, "X", ChromeTraceAssembler.CALLS);
        assertThat(calls).hasSize(6);
        assertThat(events(trace, "X", null)).hasSize(6 + 4);
    }

    @Test
    void theDocumentCarriesTheEventAsWritten() throws Exception {
        StringWriter out = new StringWriter();
        ChromeTraceAssembler a = new ChromeTraceAssembler(out, 2, "openmpi");
        byte[] bytes = Files.readAllBytes(shard(0));
        a.feed(0, bytes, 0, bytes.length);
        a.finish();
        assertThat(out.toString())
                .contains("{\"name\":\"JVM: gc\",\"cat\":\"qmpi4j.jvm\",\"ph\":\"X\",\"pid\":0,\"tid\":2147483647,"
                        + "\"ts\":35000.000,\"dur\":60000.000,\"args\":{\"ns\":60000000,\"collections\":2,"
                        + "\"where\":\"before MPI_BARRIER (since the previous call's exit)\",\"placed\":\"" + PLACED
                        + "\"}}");
    }

    @Test
    void aTimeWindowKeepsTheSlicesThatOverlapIt() throws Exception {
        BitSet ranks = new BitSet();
        ranks.set(0, 2);
        // From 96 ms: the gc slice (35..95 ms) is outside, the safepoint's (95..100 ms) inside.
        JsonNode trace = chrome(new TraceSelection(ranks, 96 * MS, 150 * MS));
        assertThat(events(trace, "X", "qmpi4j.jvm"))
                .extracting(e -> e.get("name").asString())
                .containsExactly("JVM: safepoint", "JVM: descheduled");
        assertThat(events(trace, "X", ChromeTraceAssembler.CALLS))
                .extracting(e -> e.get("name").asString())
                .containsExactly("MPI_BARRIER", "MPI_BARRIER");
    }

    @Test
    void theSameSlicesAsThePerfettoTrace() throws Exception {
        JsonNode trace = chrome(TraceSelection.all());
        List<String> json = new ArrayList<>();
        for (JsonNode e : events(trace, "X", "qmpi4j.jvm")) {
            JsonNode args = e.get("args");
            json.add(e.get("pid").asLong() + " " + e.get("name").asString() + " " + ns(e.get("ts")) + ".."
                    + (ns(e.get("ts")) + ns(e.get("dur"))) + " ns="
                    + args.get("ns").asLong()
                    + (args.has("collections")
                            ? " collections=" + args.get("collections").asLong()
                            : "")
                    + " where=" + args.get("where").asString() + " placed="
                    + args.get("placed").asString());
        }

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoTraceAssembler a = new PerfettoTraceAssembler(out, 2);
        for (int r = 0; r < 2; r++) {
            Path shard = dir.resolve("rank-" + r + ".trace");
            a.rank(ShardSummary.scan(shard, r));
            byte[] bytes = Files.readAllBytes(shard);
            a.feed(r, bytes, 0, bytes.length);
        }
        a.finish();
        List<String> perfetto = PerfettoTraceReader.read(out.toByteArray()).jvm.stream()
                .sorted(Comparator.comparingLong(e -> e.start))
                .map(e -> e.rank + " " + e.name + " " + e.start + ".." + e.end + " ns=" + e.args.get("ns")
                        + (e.args.containsKey("collections") ? " collections=" + e.args.get("collections") : "")
                        + " where=" + e.args.get("where") + " placed=" + e.args.get("placed"))
                .collect(Collectors.toList());
        assertThat(json).hasSize(4).containsExactlyElementsOf(perfetto);
    }
}
