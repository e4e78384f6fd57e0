package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.trace.ClockModel;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * The causality correction on shards whose clock alignment is wrong within (or beyond) its stated
 * bound: a ping-pong whose answers, mapped, arrive before they were sent; and arrows of
 * nonblocking receives ending at the call that completed them.
 */
class CausalityCorrectionTest {
    /** The completed requests of a call that completed none. */
    private static final long[] NO_REQS = {};

    private static final long NONE = TraceFormat.NONE;
    private static final int SEND = 0;
    private static final int RECV = 1;
    private static final int IRECV = 2;
    private static final int WAITALL = 3;
    /** Rank 1's clock runs 1 ms ahead of rank 0's. */
    private static final long OFFSET = 1_000_000;

    @TempDir
    Path dir;

    /**
     * A ping-pong of {@code n} rounds, 10 ms apart, 500 ns a message (true times). Rank 1's offset
     * is measured {@code wrongBy} ns off, with bound {@code bound}: its mapped times land
     * {@code wrongBy} late.
     */
    private void pingPong(int n, long wrongBy, long bound) throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        try (TraceFileWriter w0 = writer(0);
                TraceFileWriter w1 = writer(1)) {
            w0.clock(0, 0, 0);
            w1.clock(OFFSET, -OFFSET + wrongBy, bound);
            for (int k = 0; k < n; k++) {
                long t = 1_000_000 + k * 10_000_000L;
                w0.event(SEND, 1, t, 200, 1, 7, 8, k, NONE, NONE, NONE);
                w1.event(RECV, 1, t - 1000 + OFFSET, 1500, 0, 7, 8, NONE, 0, 7, k);
                w1.event(SEND, 1, t + 600 + OFFSET, 200, 0, 8, 8, k, NONE, NONE, NONE);
                w0.event(RECV, 1, t + 300, 800, 1, 8, 8, NONE, 1, 8, k);
            }
            long end = 1_000_000 + n * 10_000_000L;
            w0.clock(end, 0, 0);
            w1.clock(end + OFFSET, -OFFSET + wrongBy, bound);
            w0.zero(0);
            w1.zero(0);
        }
    }

    /**
     * As {@link #pingPong}, but rank 1's clock also drifts by {@code drift} ns over the job, which
     * its two alignment measurements do not see (each says the same offset): its mapped times are
     * late by a share of {@code drift} that grows along the run.
     */
    private void drifting(int n, long drift, long bound) throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        try (TraceFileWriter w0 = writer(0);
                TraceFileWriter w1 = writer(1)) {
            w0.clock(0, 0, 0);
            w1.clock(OFFSET, -OFFSET, bound);
            for (int k = 0; k < n; k++) {
                long t = 1_000_000 + k * 10_000_000L;
                long d = drift * k / n;
                w0.event(SEND, 1, t, 200, 1, 7, 8, k, NONE, NONE, NONE);
                w1.event(RECV, 1, t - 1000 + OFFSET + d, 1500, 0, 7, 8, NONE, 0, 7, k);
                w1.event(SEND, 1, t + 600 + OFFSET + d, 200, 0, 8, 8, k, NONE, NONE, NONE);
                w0.event(RECV, 1, t + 300, 800, 1, 8, 8, NONE, 1, 8, k);
            }
            long end = 1_000_000 + n * 10_000_000L;
            w0.clock(end, 0, 0);
            w1.clock(end + OFFSET, -OFFSET, bound);
            w0.zero(0);
            w1.zero(0);
        }
    }

    private TraceFileWriter writer(int rank) throws Exception {
        TraceFileWriter w =
                new TraceFileWriter(ResultFiles.rankTrace(dir, rank), rank, 2, "openmpi", Long.MAX_VALUE, 4096);
        w.defineFunction(SEND, "MPI_SEND");
        w.defineFunction(RECV, "MPI_RECV");
        w.defineFunction(IRECV, "MPI_IRECV");
        w.defineFunction(WAITALL, "MPI_WAITALL");
        w.defineThread(1, "main");
        return w;
    }

    private static List<ShardSummary> summaries(Path dir) throws Exception {
        List<ShardSummary> out = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            out.add(ShardSummary.scan(ResultFiles.rankTrace(dir, r), r));
        }
        return out;
    }

    /** Arrow id -> {start, end} in us, from a trace.json. */
    private static Map<String, double[]> arrows(JsonNode trace) throws Exception {
        Map<String, double[]> arrows = new HashMap<>();
        for (JsonNode e : trace.get("traceEvents").elements()) {
            String ph = e.get("ph").asString();
            if (ph.equals("s") || ph.equals("f")) {
                double[] a = arrows.computeIfAbsent(e.get("id").asString(), k -> new double[2]);
                a[ph.equals("s") ? 0 : 1] = e.get("ts").asDouble();
            }
        }
        return arrows;
    }

    private static long backwards(Map<String, double[]> arrows) {
        return arrows.values().stream().filter(a -> a[1] < a[0]).count();
    }

    private JsonNode uncorrected() throws Exception {
        Path target = dir.resolve("uncorrected.json");
        TraceBuilder.build(dir, 2, "openmpi", TraceSelection.all(), TraceBuilder.Format.JSON, target, false);
        return JsonNode.parse(Files.readString(target));
    }

    private JsonNode corrected() throws Exception {
        TraceShards.assembleTrace(dir, 2, "openmpi");
        return JsonNode.parse(Files.readString(dir.resolve(ResultFiles.TRACE_JSON)));
    }

    @Test
    void aPingPongWhoseAnswersArriveBeforeTheyWereSentIsShiftedBackWithinTheBound() throws Exception {
        pingPong(100, 3000, 5000);
        Map<String, double[]> before = arrows(uncorrected());
        assertThat(before).hasSize(200);
        assertThat(backwards(before))
                .as("answers mapped 2.5 us before they were sent")
                .isEqualTo(100);

        CausalityCorrection c = CausalityCorrection.fromShards(dir, 2, summaries(dir));
        // Rank 1 moves back exactly as far as the tightest answer needs: 3600 - 1100 + 2 ns.
        assertThat(c.largestShift(1)).isEqualTo(-2502);
        assertThat(c.largestShift(0)).isZero();
        assertThat(c.withinBounds()).isTrue();
        assertThat(c.messages()).isEqualTo(200);
        assertThat(c.backwardBefore()).isEqualTo(100);

        JsonNode trace = corrected();
        Map<String, double[]> after = arrows(trace);
        assertThat(after).hasSize(200);
        assertThat(backwards(after)).isZero();
        JsonNode meta = trace.get("otherData").get("clock_correction");
        assertThat(meta.get("status").asString()).isEqualTo("within the error bounds");
        assertThat(meta.get("backward_before").asLong()).isEqualTo(100);
        JsonNode moved = meta.get("moved_ranks").elements().get(0);
        assertThat(moved.get("rank").asLong()).isEqualTo(1);
        assertThat(moved.get("largest_shift_ns").asLong()).isEqualTo(-2502);
        assertThat(moved.get("within_bound").asBoolean()).isTrue();
        // Only rank 1's calls moved, each by the shift.
        for (JsonNode e : trace.get("traceEvents").elements()) {
            if (e.get("ph").asString().equals("X")
                    && e.get("cat").asString().equals("mpi")
                    && e.get("pid").asLong() == 0) {
                assertThat(Math.round(e.get("ts").asDouble() * 1000) % 1_000_000)
                        .isIn(0L, 300L);
            }
        }
        // merge and qmpi4j trace apply the same correction.
        Path json = dir.resolve("part.json");
        TraceBuilder.build(dir, 2, "openmpi", TraceSelection.all(), TraceBuilder.Format.JSON, json);
        assertThat(backwards(arrows(JsonNode.parse(Files.readString(json))))).isZero();
    }

    @Test
    void aClockWrongBeyondItsBoundIsCorrectedBeyondItAndTheMetadataSaysSo() throws Exception {
        pingPong(20, 3000, 1000);
        JsonNode trace = corrected();
        assertThat(backwards(arrows(trace))).isZero();
        JsonNode meta = trace.get("otherData").get("clock_correction");
        assertThat(meta.get("status").asString()).isEqualTo("beyond the error bounds");
        JsonNode moved = meta.get("moved_ranks").elements().get(0);
        assertThat(moved.get("largest_shift_ns").asLong()).isEqualTo(-2502);
        assertThat(moved.get("bound_ns").asLong()).isEqualTo(1000);
        assertThat(moved.get("within_bound").asBoolean()).isFalse();
    }

    @Test
    void driftTheAlignmentMissedIsFollowedOnFinerSegmentsWhereCoarseOnesContradict() throws Exception {
        // 48 us of drift over 1 s: 3 us within one of 16 segments, more than a 2 us round trip, so
        // one segment's messages cannot all be satisfied by one linear piece; finer segments can.
        drifting(100, 48_000, 60_000);
        Map<String, double[]> before = arrows(uncorrected());
        assertThat(backwards(before)).as("late answers before the correction").isPositive();

        CausalityCorrection c = CausalityCorrection.fromShards(dir, 2, summaries(dir));
        assertThat(c.status()).isEqualTo("within the error bounds");
        assertThat(c.withinBounds()).isTrue();
        assertThat(backwards(arrows(corrected()))).isZero();
        JsonNode trace = JsonNode.parse(Files.readString(dir.resolve(ResultFiles.TRACE_JSON)));
        assertThat(trace.get("otherData")
                        .get("clock_correction")
                        .get("segments")
                        .asLong())
                .as("16 segments contradict; finer ones follow the drift")
                .isGreaterThan(CausalityCorrection.SEGMENTS);
    }

    /**
     * Two ranks reading one clock (processes on one host, containers included), whose offset
     * measurements err by about a millisecond each, within their bounds, in opposite directions
     * (round trips of milliseconds on a loaded machine); a ping-pong burst of 6 us messages in
     * between. The line through the two measured offsets would bend rank 1's timeline by over 600
     * ppm, microseconds within each segment of the correction's finest grid of this 3 s job, and
     * the burst's constraints would contradict each other on every grid. The measurements do not
     * force any drift, so the model takes none, and the correction shifts rank 1 by a constant.
     */
    @Test
    void millisecondErrorsOfTheMeasurementsWithinTheirBoundsBendNoTimeline() throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        long end = 3_000_000_000L;
        try (TraceFileWriter w0 = writer(0);
                TraceFileWriter w1 = writer(1)) {
            w0.clock(0, 0, 0);
            w1.clock(0, 1_000_000, 1_200_000);
            w0.event(SEND, 1, 10_000, 1000, 1, 3, 8, 0, NONE, NONE, NONE);
            w1.event(RECV, 1, 5000, 10_000, 0, 3, 8, NONE, 0, 3, 0);
            long t = 1_000_000_000L;
            for (int k = 0; k < 120; k++) {
                w0.event(SEND, 1, t, 3000, 1, 1, 8, k, NONE, NONE, NONE);
                w1.event(RECV, 1, t - 2000, 8000, 0, 1, 8, NONE, 0, 1, k);
                w1.event(SEND, 1, t + 8000, 3000, 0, 2, 8, k, NONE, NONE, NONE);
                w0.event(RECV, 1, t + 3000, 12_000, 1, 2, 8, NONE, 1, 2, k);
                t += 400_000;
            }
            w0.event(SEND, 1, end, 1000, 1, 3, 8, 1, NONE, NONE, NONE);
            w1.event(RECV, 1, end - 5000, 10_000, 0, 3, 8, NONE, 0, 3, 1);
            w0.clock(end, 0, 0);
            w1.clock(end, -900_000, 1_200_000);
            w0.zero(0);
            w1.zero(0);
        }
        List<ShardSummary> s = summaries(dir);
        ClockModel rank1 = s.get(1).clock();
        assertThat(rank1.driftPpm()).as("drift of rank 1").isZero();
        // Offsets within both bounds: [-0.2, 0.3] ms; the model takes the middle.
        assertThat(rank1.offsetAt(1_000_000_000L)).isEqualTo(50_000);
        assertThat(rank1.errorAt(1_000_000_000L)).isGreaterThanOrEqualTo(50_000);
        assertThat(backwards(arrows(uncorrected())))
                .as("answers mapped 50 us late, before they were sent")
                .isEqualTo(120);

        CausalityCorrection c = CausalityCorrection.fromShards(dir, 2, s);
        assertThat(c.status()).isEqualTo("within the error bounds");
        // Back as far as the tightest answer needs: sent at 58 us (mapped), received by 15 us, 2 ns insets.
        assertThat(c.largestShift(1)).isEqualTo(-43_002);
        JsonNode trace = corrected();
        assertThat(backwards(arrows(trace))).isZero();
        assertThat(trace.get("otherData")
                        .get("clock_correction")
                        .get("segments")
                        .asLong())
                .as("a constant shift: the coarsest grid")
                .isEqualTo(CausalityCorrection.SEGMENTS);
        // The trace states how far rank 1's mapped calls may be from the truth (here 50 us off).
        JsonNode offsets =
                trace.get("otherData").get("clock_offsets").elements().get(1);
        assertThat(offsets.get("drift_ppm").asDouble()).isZero();
        assertThat(offsets.get("error_bound_ns").asLong())
                .isEqualTo(Math.max(rank1.errorAt(5000), rank1.errorAt(end + 5000)))
                .isGreaterThanOrEqualTo(50_000);
    }

    @Test
    void arrowsPointingForwardsAreNotMoved() throws Exception {
        pingPong(20, 0, 5000);
        JsonNode trace = corrected();
        assertThat(backwards(arrows(trace))).isZero();
        JsonNode meta = trace.get("otherData").get("clock_correction");
        assertThat(meta.get("backward_before").asLong()).isZero();
        assertThat(meta.get("moved_ranks").elements()).isEmpty();
    }

    @Test
    void contradictingTimesAreLeftAsTheyAreAndSaid() throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        try (TraceFileWriter w0 = writer(0);
                TraceFileWriter w1 = writer(1)) {
            // Rank 1 receives rank 0's message (sent at 1000) at 500, and answers it at 400, received at 300.
            w0.event(SEND, 1, 1000, 100, 1, 7, 8, 0, NONE, NONE, NONE);
            w1.event(RECV, 1, 200, 300, 0, 7, 8, NONE, 0, 7, 0);
            w1.event(SEND, 1, 400, 10, 0, 8, 8, 0, NONE, NONE, NONE);
            w0.event(RECV, 1, 250, 50, 1, 8, 8, NONE, 1, 8, 0);
            w0.event(SEND, 1, 100_000, 10, 1, 9, 8, 0, NONE, NONE, NONE);
            w1.event(RECV, 1, 100_000, 10, 0, 9, 8, NONE, 0, 9, 0);
        }
        CausalityCorrection c = CausalityCorrection.fromShards(dir, 2, summaries(dir));
        assertThat(c.status()).isEqualTo("not possible");
        assertThat(c.largestShift(1)).isZero();
    }

    @Test
    void aNonblockingReceivesArrowEndsAtTheCallThatCompletedIt() throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        try (TraceFileWriter w0 = writer(0);
                TraceFileWriter w1 = writer(1)) {
            // Rank 1 posts two receives at 100 and 200; rank 0 sends at 3000 and 3100; a waitall
            // from 2000 to 6000 completes both; a third receive, posted at 7000, is never seen completed.
            irecv(w1, 100, 0, 7, 0, 0);
            irecv(w1, 200, 0, 7, 1, 1);
            w0.event(SEND, 1, 3000, 50, 1, 7, 8, 0, NONE, NONE, NONE);
            w0.event(SEND, 1, 3100, 50, 1, 7, 8, 1, NONE, NONE, NONE);
            completing(w1, 2000, 4000, new long[] {1, NONE, 0, 7, 1, 0, NONE, 0, 7, 0});
            irecv(w1, 7000, 0, 7, 2, 2);
            w0.event(SEND, 1, 6500, 50, 1, 7, 8, 2, NONE, NONE, NONE);
        }
        assertThat(org.qmpi4j.formats.trace.ShardText.lines(ResultFiles.rankTrace(dir, 1)))
                .containsSubsequence("W 1 - 0 7 1", "W 0 - 0 7 0");
        Map<String, double[]> a = arrows(uncorrected());
        assertThat(a.get("0-1-7-0")).containsExactly(3.001, 5.999);
        assertThat(a.get("0-1-7-1")).containsExactly(3.101, 5.999);
        // Without a completion, the posting call (as in older shards), here 7.049 us: forwards already.
        assertThat(a.get("0-1-7-2")).containsExactly(6.501, 7.049);

        // Perfetto: the waitall's slice terminates both flows.
        Path pf = dir.resolve("t.pftrace");
        TraceBuilder.build(dir, 2, "openmpi", TraceSelection.all(), TraceBuilder.Format.PERFETTO, pf);
        byte[] bytes = Files.readAllBytes(pf);
        assertThat(count(bytes, PerfettoTraceWriter.flowId("0-1-7-0"))).isEqualTo(2);
        assertThat(count(bytes, PerfettoTraceWriter.flowId("0-1-7-2"))).isEqualTo(2);
    }

    @Test
    void aWildcardReceiveEndsWhereItsCompletionNamesTheMessage() throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        try (TraceFileWriter w0 = writer(0);
                TraceFileWriter w1 = writer(1)) {
            // Rank 1 posts a receive from ANY_SOURCE at 100 (its posting names no message); rank 0
            // sends at 3000; the wait from 2000 to 6000 completes it, and its status named (0, 7).
            w1.event(
                    IRECV, 1, 100, 50, -1, 7, 8, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, 0, NONE, NONE, NO_REQS,
                    0, null);
            w0.event(SEND, 1, 3000, 50, 1, 7, 8, 0, NONE, NONE, NONE);
            completing(w1, 2000, 4000, new long[] {0, NONE, 0, 7, 0});
        }
        Map<String, double[]> a = arrows(uncorrected());
        assertThat(a).containsOnlyKeys("0-1-7-0");
        assertThat(a.get("0-1-7-0")).containsExactly(3.001, 5.999);
    }

    /** A nonblocking receive from 50 ns long, creating request {@code request}. */
    private static void irecv(TraceFileWriter w, long start, long peer, long tag, long seq, long request)
            throws Exception {
        w.event(
                IRECV, 1, start, 50, peer, tag, 8, NONE, peer, tag, seq, NONE, NONE, NONE, NONE, request, 8, NONE,
                NO_REQS, 0, null);
    }

    /** A waitall that completed the requests named in {@code completed} (W lines). */
    private static void completing(TraceFileWriter w, long start, long duration, long[] completed) throws Exception {
        w.event(
                WAITALL,
                1,
                start,
                duration,
                NONE,
                NONE,
                NONE,
                NONE,
                NONE,
                NONE,
                NONE,
                NONE,
                NONE,
                NONE,
                NONE,
                NONE,
                NONE,
                NONE,
                completed,
                completed.length / TraceFileWriter.COMPLETION_FIELDS,
                null);
    }

    /** Occurrences of {@code id} as a little-endian fixed64 in {@code bytes}. */
    private static int count(byte[] bytes, long id) {
        int n = 0;
        outer:
        for (int i = 0; i + 8 <= bytes.length; i++) {
            for (int k = 0; k < 8; k++) {
                if (bytes[i + k] != (byte) (id >>> (8 * k))) {
                    continue outer;
                }
            }
            n++;
        }
        return n;
    }
}
