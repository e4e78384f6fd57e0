package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.formats.trace.TraceFormat.NONE;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.trace.ShardCommunicator;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.ShardSite;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.formats.trace.TraceResult;

/**
 * The timeline of hand-written shards of 3 ranks (rank 2 has none): rank 1's clock runs 5 ms ahead
 * of rank 0's, measured within 2 us, and its receive of rank 0's message, once aligned, ends 200 ns
 * before the send starts; the timeline puts every call where trace.json does, after the correction.
 */
class TimelineTest {
    /** The completed requests of a call that completed none. */
    private static final long[] NO_REQS = {};

    private static final int SEND = 0;
    private static final int RECV = 1;
    private static final int IRECV = 2;
    private static final int WAIT = 3;
    private static final long OFFSET = 5_000_000;
    private static final long ERROR = 2_000;
    private static final long ZERO = 50_000;
    private static final String SUB = TraceFormat.communicatorKey("I 0..1", 0);

    @TempDir
    Path dir;

    private TraceFileWriter writer(int rank) throws Exception {
        TraceFileWriter w =
                new TraceFileWriter(ResultFiles.rankTrace(dir, rank), rank, 3, "openmpi", Long.MAX_VALUE, 4096);
        w.defineFunction(SEND, "MPI_SEND");
        w.defineFunction(RECV, "MPI_RECV");
        w.defineFunction(IRECV, "MPI_IRECV");
        w.defineFunction(WAIT, "MPI_WAIT");
        w.defineThread(1, "main");
        w.defineSite(0, "App", "main", "App.java", 12);
        w.defineCommunicator(0, TraceFormat.WORLD_KEY, "0..2", null);
        w.defineCommunicator(1, SUB, "0..1", null);
        return w;
    }

    private static void call(
            TraceFileWriter w,
            int fid,
            long start,
            long duration,
            long peer,
            long tag,
            long sendSeq,
            long recvSeq,
            long comm,
            long request,
            @Nullable long[] completed)
            throws Exception {
        boolean receives = recvSeq != NONE;
        w.event(
                fid,
                1,
                start,
                duration,
                peer,
                tag,
                8,
                sendSeq,
                receives ? peer : NONE,
                receives ? tag : NONE,
                recvSeq,
                0,
                comm,
                NONE,
                NONE,
                request,
                receives ? 8 : NONE,
                NONE,
                completed == null ? NO_REQS : completed,
                completed == null ? 0 : completed.length / TraceFileWriter.COMPLETION_FIELDS,
                null);
    }

    private void shards() throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        try (TraceFileWriter w0 = writer(0);
                TraceFileWriter w1 = writer(1)) {
            w0.clock(10_000, 0, 0);
            w1.clock(OFFSET + 10_000, -OFFSET, ERROR);
            w0.zero(ZERO);
            w1.zero(ZERO);
            // Rank 0 sends at 100 us on its clock; rank 1 receives it from 99 to 99.8 us (aligned).
            call(w0, SEND, 100_000, 200, 1, 7, 0, NONE, 0, NONE, null);
            call(w1, RECV, OFFSET + 99_000, 800, 0, 7, NONE, 0, 0, NONE, null);
            // On the sub-communicator: rank 0 posts a receive, rank 1 sends, rank 0's wait completes it.
            call(w0, IRECV, 200_000, 100, 1, 8, NONE, 0, 1, 0, null);
            call(w1, SEND, OFFSET + 250_000, 100, 0, 8, 0, NONE, 1, NONE, null);
            call(w0, WAIT, 300_000, 5_000, NONE, NONE, NONE, NONE, NONE, NONE, new long[] {0, 1, 1, 8, 0});
            w0.clock(1_000_000, 0, 0);
            w1.clock(OFFSET + 1_000_000, -OFFSET, ERROR);
        }
    }

    /** What a visitor saw, as text lines, times on the common clock. */
    private static final class Seen implements Timeline.Visitor {
        final List<String> lines = new ArrayList<>();
        final List<long[]> calls = new ArrayList<>();
        /** The function of the call last seen, which a completion belongs to. */
        String lastFunction = "";

        @Override
        public void beginRank(int rank, RankClock clock) {
            lines.add("begin " + rank);
        }

        @Override
        public void site(int rank, ShardSite site) {
            lines.add("site " + rank + " " + site);
        }

        @Override
        public void communicator(int rank, ShardCommunicator communicator) {
            lines.add("comm " + rank + " " + communicator.id() + " " + communicator.key());
        }

        @Override
        public void call(int rank, ShardEvent e, long start, long end) {
            lines.add("call " + rank + " " + e.function() + " " + start + ".." + end + " at "
                    + Objects.requireNonNull(e.site()).line() + " on " + e.communicatorKey());
            calls.add(new long[] {rank, start, end});
            lastFunction = e.function();
        }

        @Override
        public void completed(int rank, long request, @Nullable ShardCommunicator comm, long peer, long tag, long seq) {
            lines.add("completed " + rank + " " + lastFunction + " request " + request + " message " + peer + "/" + tag
                    + "/" + seq + " on " + Objects.requireNonNull(comm).key());
        }

        @Override
        public void sent(int rank, ShardEvent e, String id, long to, long tag, long seq, @Nullable String comm) {
            lines.add("sent " + rank + " " + id);
        }

        @Override
        public void received(int rank, ArrowEnd a) {
            lines.add("received " + rank + " " + a.id + " " + a.start + ".." + a.end);
        }

        @Override
        public void endRank(int rank, ShardParser shard) {
            lines.add("end " + rank + " " + shard.events() + " calls, "
                    + shard.problems().size() + " problems");
        }
    }

    @Test
    void withoutTheCorrectionTheTimesAreTheAlignedOnesAndTheFirstMessagePointsBackwards() throws Exception {
        shards();
        Timeline t = Timeline.open(dir, 3, TraceSelection.all(), false);
        assertThat(t.ranks()).containsExactly(0, 1);
        assertThat(t.missingRanks()).containsExactly(2);
        assertThat(t.correction()).isSameAs(CausalityCorrection.NONE);
        Seen seen = new Seen();
        t.read(seen);
        // Aligned: rank 0's clock from the zero; rank 1's 5 ms back.
        assertThat(seen.lines)
                .containsExactly(
                        "begin 0",
                        "site 0 App.main(App.java:12)",
                        "comm 0 0 w",
                        "comm 0 1 " + SUB,
                        "call 0 MPI_SEND 50000..50200 at 12 on w",
                        "sent 0 0-1-7-0",
                        "call 0 MPI_IRECV 150000..150100 at 12 on " + SUB,
                        "call 0 MPI_WAIT 250000..255000 at 12 on null",
                        "completed 0 MPI_WAIT request 0 message 1/8/0 on " + SUB,
                        "received 0 1-0-8-0@" + SUB + " 250000..255000",
                        "end 0 3 calls, 0 problems",
                        "begin 1",
                        "site 1 App.main(App.java:12)",
                        "comm 1 0 w",
                        "comm 1 1 " + SUB,
                        "call 1 MPI_RECV 49000..49800 at 12 on w",
                        "received 1 0-1-7-0 49000..49800",
                        "call 1 MPI_SEND 200000..200100 at 12 on " + SUB,
                        "sent 1 1-0-8-0@" + SUB,
                        "end 1 2 calls, 0 problems");
        assertThat(t.errorBound(0)).isZero();
        assertThat(t.errorBound(1)).isGreaterThanOrEqualTo(ERROR);
        assertThat(t.clock(1).aligned(OFFSET + 99_000)).isEqualTo(49_000);
    }

    @Test
    void withTheCorrectionNoArrowPointsBackwardsAndTraceJsonShowsTheSameTimes() throws Exception {
        shards();
        Timeline t = Timeline.open(dir, 3, TraceSelection.all());
        assertThat(t.correction().status()).isEqualTo("within the error bounds");
        assertThat(t.correction().backwardBefore()).isEqualTo(1);
        Seen seen = new Seen();
        t.read(seen);
        long[] send = seen.calls.get(0);
        long[] recv = seen.calls.get(3);
        assertThat(recv[0]).isEqualTo(1);
        // The receive now ends after the send starts (the arrows sit 1 ns inside the slices).
        assertThat(recv[2] - 1).isGreaterThanOrEqualTo(send[1] + 1);
        assertThat(recv[1] - 49_000).as("rank 1's shift").isBetween(1L, ERROR);

        // trace.json, as `qmpi4j trace` builds it, shows each call at the timeline's times.
        Path json = dir.resolve("t.json");
        TraceResult built = TraceBuilder.build(dir, 3, "openmpi", TraceSelection.all(), TraceBuilder.Format.JSON, json);
        assertThat(built.missingRanks()).containsExactly(2);
        JsonNode trace = JsonNode.parse(Files.readString(json));
        List<String> slices = new ArrayList<>();
        for (JsonNode e : trace.get("traceEvents").elements()) {
            if (e.get("ph").asString().equals("X") && e.get("cat").asString().equals("mpi")) {
                slices.add(e.get("pid").asLong() + " " + e.get("ts").asDouble() + " "
                        + e.get("dur").asDouble());
            }
        }
        List<String> expected = new ArrayList<>();
        for (long[] c : seen.calls) {
            expected.add(c[0] + " " + Double.parseDouble(ChromeTraceAssembler.micros(c[1])) + " "
                    + Double.parseDouble(ChromeTraceAssembler.micros(c[2] - c[1])));
        }
        assertThat(slices).containsExactlyElementsOf(expected);
        // And its error bounds are the timeline's.
        for (JsonNode o : trace.get("otherData").get("clock_offsets").elements()) {
            int r = (int) o.get("rank").asLong();
            assertThat(o.get("error_bound_ns").asLong()).isEqualTo(t.errorBound(r));
        }
    }

    @Test
    void onlyTheChosenRanksAreRead() throws Exception {
        shards();
        java.util.BitSet one = new java.util.BitSet();
        one.set(1);
        Timeline t = Timeline.open(dir, 3, new TraceSelection(one, Long.MIN_VALUE, Long.MAX_VALUE));
        assertThat(t.ranks()).containsExactly(1);
        assertThat(t.missingRanks()).isEmpty();
        Seen seen = new Seen();
        t.read(seen);
        assertThat(seen.calls).hasSize(2).allMatch(c -> c[0] == 1);
    }
}
