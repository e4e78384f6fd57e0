package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.formats.trace.TraceFormat.NONE;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.report.trace.PerfettoTraceReader.Event;

/**
 * A shard's JVM records, assembled by {@link PerfettoTraceAssembler} and read back against
 * Perfetto's schema by {@link PerfettoTraceReader}: one slice per kind on the rank's "JVM" track,
 * as long as the record says, at the end of the interval it was recorded in, cut to that interval.
 */
class PerfettoJvmSlicesTest {
    /** The completed requests of a call that completed none. */
    private static final long[] NO_REQS = {};

    private static final long MS = 1_000_000;

    @TempDir
    Path dir;

    private static void call(TraceFileWriter w, int fid, long start, long duration, @Nullable long[] jvm)
            throws Exception {
        w.event(
                fid, 1, start, duration, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, 0, NONE, 0, NONE, NONE, NONE,
                NO_REQS, 0, jvm);
    }

    @Test
    void eachKindIsASliceOnTheRanksJvmTrackEndingWhereItsIntervalEnds() throws Exception {
        Path shard = dir.resolve("rank-0.trace");
        try (TraceFileWriter w = new TraceFileWriter(shard, 0, 1, "openmpi", Long.MAX_VALUE, 4096)) {
            w.defineFunction(0, "MPI_INIT");
            w.defineFunction(1, "MPI_BARRIER");
            w.defineThread(1, "main");
            w.defineCommunicator(0, TraceFormat.WORLD_KEY, "0..0", null);
            w.clock(0, 0, 0);
            w.zero(0);
            call(w, 0, 0, MS, null);
            // Before the barrier at 100 ms: two collections of 60 ms in all and 5 ms of other safepoints;
            // inside it (1 ms long): 3 ms descheduled, more than the call lasted.
            call(w, 1, 100 * MS, MS, new long[] {60 * MS, 2, 5 * MS, 0, 0, 0, 0, 0, 0, 3 * MS});
            call(w, 1, 200 * MS, MS, null);
            w.clock(300 * MS, 0, 0);
            w.end();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoTraceAssembler a = new PerfettoTraceAssembler(out, 1);
        a.rank(ShardSummary.scan(shard, 0));
        byte[] bytes = Files.readAllBytes(shard);
        a.feed(0, bytes, 0, bytes.length);
        TraceResult result = a.finish();
        assertThat(result.problems()).isEmpty();

        PerfettoTraceReader t = PerfettoTraceReader.read(out.toByteArray());
        List<Event> jvm =
                t.jvm.stream().sorted(Comparator.comparingLong(e -> e.start)).collect(Collectors.toList());
        assertThat(jvm).extracting(e -> e.name).containsExactly("JVM: gc", "JVM: safepoint", "JVM: descheduled");
        assertThat(jvm).allSatisfy(e -> {
            assertThat(e.rank).isZero();
            assertThat(e.track).isEqualTo("JVM");
            assertThat(e.category).isEqualTo("qmpi4j.jvm");
        });
        Event gc = jvm.get(0);
        assertThat(gc.start).isEqualTo(35 * MS);
        assertThat(gc.end).isEqualTo(95 * MS);
        assertThat(gc.args).containsEntry("ns", Long.toString(60 * MS)).containsEntry("collections", "2");
        assertThat((String) gc.args.get("where")).startsWith("before MPI_BARRIER");
        Event safepoint = jvm.get(1);
        assertThat(safepoint.start).isEqualTo(95 * MS);
        assertThat(safepoint.end).isEqualTo(100 * MS);
        Event descheduled = jvm.get(2);
        assertThat(descheduled.start).isEqualTo(100 * MS);
        assertThat(descheduled.end).as("cut to the call").isEqualTo(101 * MS);
        assertThat(descheduled.args)
                .containsEntry("ns", Long.toString(3 * MS))
                .containsEntry("where", "inside MPI_BARRIER");
        assertThat(t.callsPerRank().get(0)).containsEntry("MPI_BARRIER", 2L);
    }

    @Test
    void pausesBeforeTheFirstCallAreCutToTheJobsZeroAndNoneIsEmpty() throws Exception {
        Path shard = dir.resolve("rank-1.trace");
        try (TraceFileWriter w = new TraceFileWriter(shard, 1, 2, "openmpi", Long.MAX_VALUE, 4096)) {
            w.defineFunction(0, "MPI_INIT");
            w.defineFunction(1, "MPI_BARRIER");
            w.defineThread(1, "main");
            w.defineCommunicator(0, TraceFormat.WORLD_KEY, "0..1", null);
            w.clock(0, 0, 0);
            w.zero(0);
            // This rank entered MPI_Init 4 ms after the job's zero (the earliest rank's entry), after
            // start-up's collections of 30 ms and 2 ms of class loading.
            call(w, 0, 4 * MS, MS, new long[] {30 * MS, 3, 0, 2 * MS, 0, 0, 0, 0, 0, 0});
            call(w, 1, 10 * MS, MS, null);
            w.clock(20 * MS, 0, 0);
            w.end();
        }
        Path first = dir.resolve("rank-0.trace");
        try (TraceFileWriter w = new TraceFileWriter(first, 0, 2, "openmpi", Long.MAX_VALUE, 4096)) {
            w.defineFunction(0, "MPI_INIT");
            w.defineThread(1, "main");
            w.defineCommunicator(0, TraceFormat.WORLD_KEY, "0..1", null);
            w.clock(0, 0, 0);
            w.zero(0);
            // The earliest rank: its start-up's 25 ms of collections lie wholly before the zero.
            call(w, 0, 0, MS, new long[] {25 * MS, 2, 0, 0, 0, 0, 0, 0, 0, 0});
            w.clock(20 * MS, 0, 0);
            w.end();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoTraceAssembler a = new PerfettoTraceAssembler(out, 2);
        for (int r = 0; r < 2; r++) {
            Path s = r == 0 ? first : shard;
            a.rank(ShardSummary.scan(s, r));
            byte[] bytes = Files.readAllBytes(s);
            a.feed(r, bytes, 0, bytes.length);
        }
        TraceResult result = a.finish();
        assertThat(result.problems()).isEmpty();

        PerfettoTraceReader t = PerfettoTraceReader.read(out.toByteArray());
        assertThat(t.jvm)
                .allSatisfy(e -> assertThat(e.end - e.start)
                        .as("%s on rank %s", e.name, e.rank)
                        .isPositive());
        assertThat(t.jvm).extracting(e -> e.rank + " " + e.name).containsExactly("1 JVM: gc");
        Event gc = t.jvm.get(0);
        assertThat(gc.start).isZero();
        assertThat(gc.end).as("cut to the interval from the zero to the entry").isEqualTo(4 * MS);
        assertThat(gc.args).containsEntry("ns", Long.toString(30 * MS)).containsEntry("collections", "3");
    }
}
