package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardEvents;
import org.qmpi4j.formats.trace.ShardSite;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.report.trace.PerfettoTraceReader.Event;

/**
 * The Perfetto encoder, read back against Perfetto's published schema by
 * {@link PerfettoTraceReader}, which resolves interned ids as Perfetto does and fails on an id
 * used before its definition, a track's event before its description, or a flow without both ends.
 */
class PerfettoTraceWriterTest {
    @TempDir
    Path dir;

    private static final ShardSite SEND_SITE = new ShardSite(0, "demo.Ring", "main", 42, "Ring.java");
    private static final ShardSite RECV_SITE = new ShardSite(1, "demo.Ring", "main", 47, "Ring.java");

    private static ShardEvent call(String function, long tid, long peer, long tag, long bytes) {
        return ShardEvents.call(function, tid, peer, tag, bytes);
    }

    /** A ring of {@code ranks} x {@code rounds} messages: each rank sends to the next, receives from the previous. */
    private static byte[] ring(PerfettoTraceWriter.Strings strings, int ranks, int rounds) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PerfettoTraceWriter w = new PerfettoTraceWriter(out, strings)) {
            // Ranks announced out of order: the descriptors order them.
            for (int r = ranks - 1; r >= 0; r--) {
                w.thread(r, 1, "main");
            }
            for (int i = 0; i < rounds; i++) {
                for (int r = 0; r < ranks; r++) {
                    int next = (r + 1) % ranks;
                    int prev = (r + ranks - 1) % ranks;
                    long t = 1_000_000L * i + 10_000L * r;
                    w.slice(
                            r,
                            call("MPI_SEND", 1, next, 3, 8),
                            SEND_SITE,
                            t,
                            t + 2_000,
                            TraceFormat.flowId(r, next, 3, i),
                            List.of());
                    w.slice(
                            r,
                            call("MPI_RECV", 1, prev, 3, 8),
                            RECV_SITE,
                            t + 500_000,
                            t + 503_000,
                            null,
                            List.of(TraceFormat.flowId(prev, r, 3, i)));
                }
            }
        }
        return out.toByteArray();
    }

    @Test
    void internsEachStringOncePerRankAndResolvesLikeTheInlineTrace() throws Exception {
        byte[] interned = ring(PerfettoTraceWriter.Strings.INTERNED, 3, 20);
        byte[] inline = ring(PerfettoTraceWriter.Strings.INLINE, 3, 20);
        PerfettoTraceReader a = PerfettoTraceReader.read(interned);
        PerfettoTraceReader b = PerfettoTraceReader.read(inline);

        assertThat(a.callsPerRank())
                .isEqualTo(b.callsPerRank())
                .isEqualTo(Map.of(
                        0, Map.of("MPI_SEND", 20L, "MPI_RECV", 20L),
                        1, Map.of("MPI_SEND", 20L, "MPI_RECV", 20L),
                        2, Map.of("MPI_SEND", 20L, "MPI_RECV", 20L)));
        for (int i = 0; i < a.calls.size(); i++) {
            Event x = a.calls.get(i);
            Event y = b.calls.get(i);
            assertThat(x.name).isEqualTo(y.name);
            assertThat(x.category).isEqualTo(y.category).isEqualTo("mpi");
            assertThat(x.args).isEqualTo(y.args).containsOnlyKeys("peer", "tag", "bytes");
            assertThat(x.site).isEqualTo(y.site);
            assertThat(x.start).isEqualTo(y.start);
            assertThat(x.end).isEqualTo(y.end);
        }
        Event first = a.calls.get(0);
        assertThat(first.site).isEqualTo("demo.Ring.main Ring.java:42");
        assertThat(first.args)
                .containsEntry("peer", 1L)
                .containsEntry("tag", 3L)
                .containsEntry("bytes", 8L);
        // Per rank: the first send and the first receive bring their strings (name, category,
        // three argument names, site); nothing after them does.
        assertThat(a.packetsWithInternedData).isEqualTo(3 * 2);
        assertThat(b.packetsWithInternedData).isZero();
        // 60 messages, each a flow from its send to its receive.
        assertThat(a.flows).hasSize(60);
        assertThat(interned.length).isLessThan(inline.length * 2 / 3);
    }

    @Test
    void describesEachTrackOnceProcessesInRankOrder() throws Exception {
        PerfettoTraceReader t = PerfettoTraceReader.read(ring(PerfettoTraceWriter.Strings.INTERNED, 3, 2));
        assertThat(t.descriptions.values()).containsOnly(1);
        // root, 3 processes, 3 threads
        assertThat(t.descriptions).hasSize(7).containsKey(0L);
        assertThat(t.processes.keySet()).containsExactly(2, 1, 0); // as announced
        assertThat(t.processOrder).isEqualTo(Map.of(0, 0, 1, 1, 2, 2));
        assertThat(t.processes).containsEntry(0, "rank 0").containsEntry(2, "rank 2");
        assertThat(t.threads).isEqualTo(Map.of(0, Map.of(1L, "main"), 1, Map.of(1L, "main"), 2, Map.of(1L, "main")));
    }

    @Test
    void measurementLevelsAreSlicesFromOneCallToTheNext() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PerfettoTraceWriter w = new PerfettoTraceWriter(out)) {
            w.level(0, 100, 0);
            w.level(0, 500, 1);
            w.level(0, 900, 0);
            w.levelsEnd(0, 1_000);
            w.levelsEnd(0, 2_000); // nothing open
        }
        PerfettoTraceReader t = PerfettoTraceReader.read(out.toByteArray());
        assertThat(t.levels)
                .extracting(e -> e.name + " " + e.start + "-" + e.end)
                .containsExactly(
                        "level 0 (measurement off) 100-500", "level 1 500-900", "level 0 (measurement off) 900-1000");
        assertThat(t.levels).allSatisfy(e -> assertThat(e.track).isEqualTo("MPI_Pcontrol level"));
    }

    @Test
    void countersAreTracksOfTheirRank() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PerfettoTraceWriter w = new PerfettoTraceWriter(out)) {
            w.counterTrack(1, 0, "unexpected queue length", PerfettoTraceWriter.Unit.COUNT);
            w.counterTrack(1, 0, "unexpected queue length", PerfettoTraceWriter.Unit.COUNT); // once
            w.counterTrack(1, 1, "time in MPI", PerfettoTraceWriter.Unit.NANOSECONDS);
            w.counter(1, 0, 10, 0L);
            w.counter(1, 0, 20, 5L);
            w.counter(1, 1, 20, 2.5);
        }
        PerfettoTraceReader t = PerfettoTraceReader.read(out.toByteArray());
        assertThat(t.descriptions.values()).containsOnly(1);
        List<Event> q = t.counter(1, "unexpected queue length");
        assertThat(q).extracting(e -> e.start).containsExactly(10L, 20L);
        assertThat(q.get(1).value).isEqualTo(5.0);
        assertThat(t.counter(1, "time in MPI").get(0).value).isCloseTo(2.5, within(1e-9));
    }

    @Test
    void tracesOfDifferentRanksConcatenate() throws Exception {
        List<byte[]> parts = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (PerfettoTraceWriter w = new PerfettoTraceWriter(out)) {
                w.thread(r, 1, "main");
                int peer = 1 - r;
                w.slice(
                        r,
                        call(r == 0 ? "MPI_SEND" : "MPI_RECV", 1, peer, 0, 4),
                        null,
                        100,
                        200,
                        r == 0 ? TraceFormat.flowId(0, 1, 0, 0) : null,
                        r == 1 ? List.of(TraceFormat.flowId(0, 1, 0, 0)) : List.of());
            }
            parts.add(out.toByteArray());
        }
        Path joined = dir.resolve("both.pftrace");
        Files.write(joined, parts.get(0));
        Files.write(joined, parts.get(1), java.nio.file.StandardOpenOption.APPEND);
        PerfettoTraceReader t = PerfettoTraceReader.read(joined);
        assertThat(t.callsPerRank()).isEqualTo(Map.of(0, Map.of("MPI_SEND", 1L), 1, Map.of("MPI_RECV", 1L)));
        assertThat(t.flows).hasSize(1);
    }
}
