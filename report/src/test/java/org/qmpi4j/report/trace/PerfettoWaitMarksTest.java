package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardEvents;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.WaitReport;
import org.qmpi4j.report.trace.PerfettoTraceReader.Event;
import org.qmpi4j.report.waits.WaitAnalysis;
import org.qmpi4j.report.waits.WaitEvent;

/**
 * The wait marks appended to a Perfetto trace: read back against Perfetto's schema by
 * {@link PerfettoTraceReader} with the calls written before them, one slice per wait the analysis
 * counted on the waiting rank's "Wait states" track, its arrow ending at the late call's entry.
 */
class PerfettoWaitMarksTest {
    @TempDir
    Path dir;

    private static final CallSite RECV = new CallSite("demo.Pair", "main", "Pair.java", 20);
    private static final CallSite SEND = new CallSite("demo.Pair", "main", "Pair.java", 24);
    private static final CallSite BARRIER = new CallSite("demo.Pair", "main", "Pair.java", 30);

    /**
     * Rank 0 receives at 1 ms from rank 1, which sends at 5 ms (a late sender of 4 ms); then both
     * meet at a barrier, rank 1 at 10 ms, rank 0 at 16 ms (rank 1 waits 6 ms); and again, rank 1
     * 2 ms late (rank 0 waits 2 ms).
     */
    private static final long MS = 1_000_000;

    private static WaitReport analyse(WaitAnalysis.InstanceListener marks) {
        WaitAnalysis a = new WaitAnalysis(WaitAnalysis.DEFAULT_NOISE_FLOOR_NS, marks);
        a.accept(WaitEvent.call(0, "MPI_RECV", RECV, 1 * MS, 5 * MS + 1000).receives("m1", WaitEvent.Completion.HERE));
        a.accept(WaitEvent.call(1, "MPI_SEND", SEND, 5 * MS, 5 * MS + 500).sends("m1", WaitEvent.Completion.HERE));
        a.accept(WaitEvent.call(1, "MPI_BARRIER", BARRIER, 10 * MS, 16 * MS + 100)
                .collective("w", 2, 0, -1));
        a.accept(WaitEvent.call(0, "MPI_BARRIER", BARRIER, 16 * MS, 16 * MS + 100)
                .collective("w", 2, 0, -1));
        a.accept(WaitEvent.call(0, "MPI_BARRIER", BARRIER, 20 * MS, 22 * MS + 100)
                .collective("w", 2, 1, -1));
        a.accept(WaitEvent.call(1, "MPI_BARRIER", BARRIER, 22 * MS, 22 * MS + 100)
                .collective("w", 2, 1, -1));
        return a.finish();
    }

    /** The two ranks' process and thread tracks, as the trace's assembler writes them before the marks. */
    private static byte[] calls() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PerfettoTraceWriter w = new PerfettoTraceWriter(out)) {
            for (int r = 0; r < 2; r++) {
                w.thread(r, 1, "main");
                ShardEvent e = ShardEvents.call("MPI_INIT", 1, 0, 0, 0);
                w.slice(r, e, 0, 1000, null, (String) null);
            }
        }
        return out.toByteArray();
    }

    @Test
    void eachCountedWaitIsASliceOnTheWaitingRanksTrackWithAnArrowToTheLateCall() throws Exception {
        PerfettoWaitMarks marks = new PerfettoWaitMarks();
        WaitReport report = analyse(marks);
        long counted = report.waits().stream()
                .mapToLong(WaitReport.WaitState::instances)
                .sum();
        assertThat(counted).isEqualTo(3);
        assertThat(marks.size()).isEqualTo(3);
        assertThat(marks.left()).isZero();

        Path trace = dir.resolve("trace.pftrace");
        byte[] before = calls();
        Files.write(trace, before);
        marks.appendTo(trace);
        PerfettoTraceReader r = PerfettoTraceReader.read(trace);

        assertThat(r.calls).hasSize(2); // the calls written before are untouched
        assertThat(r.waits).hasSize(3);
        assertThat(r.lateCalls).hasSize(3);
        assertThat(r.descriptions.values()).as("each track described once").containsOnly(1);
        Event late = r.waits.get(0);
        assertThat(late.rank).isZero();
        assertThat(late.track).isEqualTo("Wait states");
        assertThat(late.name).isEqualTo("late sender");
        assertThat(late.category).isEqualTo("qmpi4j.waits");
        assertThat(late.start).isEqualTo(1 * MS);
        assertThat(late.end).isEqualTo(5 * MS);
        assertThat(late.args)
                .containsEntry("wait_ns", 4 * MS)
                .containsEntry("late_rank", 1L)
                .containsEntry("call", "MPI_RECV at Pair.java:20 (demo.Pair.main)")
                .containsEntry("late_call", "MPI_SEND at Pair.java:24 (demo.Pair.main)");
        Event first = r.waits.get(1);
        assertThat(first.rank).isEqualTo(1);
        assertThat(first.name).isEqualTo("wait at barrier");
        assertThat(first.start).isEqualTo(10 * MS);
        assertThat(first.end).isEqualTo(16 * MS);
        Event second = r.waits.get(2);
        assertThat(second.rank).isZero();
        assertThat(second.start).isEqualTo(20 * MS);
        assertThat(second.end).isEqualTo(22 * MS);
        // Each wait's arrow leaves it and ends at the late call's entry on the late rank.
        for (Event w : r.waits) {
            assertThat(w.flowsOut).hasSize(1);
            Event end = r.lateCalls.stream()
                    .filter(l -> l.flowsIn.equals(w.flowsOut))
                    .findFirst()
                    .orElseThrow();
            assertThat(end.rank).isEqualTo(((Long) Objects.requireNonNull(w.args.get("late_rank"))).intValue());
            assertThat(end.start).isEqualTo(w.end);
            assertThat(end.name).isEqualTo(w == late ? "late MPI_SEND" : "late MPI_BARRIER");
            assertThat((String) end.args.get("made_wait")).startsWith("rank " + w.rank + ", ");
        }
    }

    @Test
    void keepsTheLongestWaitsAndLeavesTheTraceAsItWasWithoutAny() throws Exception {
        PerfettoWaitMarks marks = new PerfettoWaitMarks(2);
        analyse(marks);
        assertThat(marks.size()).isEqualTo(2);
        assertThat(marks.left()).isEqualTo(1);
        Path trace = dir.resolve("trace.pftrace");
        Files.write(trace, calls());
        marks.appendTo(trace);
        List<Event> waits = PerfettoTraceReader.read(trace).waits;
        assertThat(waits).extracting(e -> e.args.get("wait_ns")).containsExactly(4 * MS, 6 * MS);

        Path untouched = dir.resolve("none.pftrace");
        byte[] before = calls();
        Files.write(untouched, before);
        new PerfettoWaitMarks().appendTo(untouched);
        assertThat(Files.readAllBytes(untouched)).isEqualTo(before);
    }
}
