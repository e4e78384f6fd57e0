package org.qmpi4j.tools.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.trace.ShardText;
import org.qmpi4j.report.trace.PerfettoTraceReader;
import org.qmpi4j.tools.testing.FakeMpi;

/** The tracer on a one-rank MPI in memory: the Chrome trace it writes, and no allocation per call. */
class TracerTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private FakeMpi started(String limit) throws Exception {
        return started(limit, "16m");
    }

    private FakeMpi started(String limit, String jsonLimit) throws Exception {
        FakeMpi mpi = new FakeMpi();
        Settings settings = Settings.of(
                null,
                Map.of(
                        "qmpi4j.output",
                        dir.toString(),
                        "qmpi4j.flush-seconds",
                        "3600",
                        "qmpi4j.tracer.limit",
                        limit,
                        "qmpi4j.tracer.json-limit",
                        jsonLimit)::get,
                name -> null,
                problem -> {});
        new Tracer(1, settings, new PrintStream(errBytes, true)).register();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, new CallingAddress("App", "main", "App.java", 1)));
        return mpi;
    }

    @Test
    void sendsAndReceivesToSelfAreJoinedByArrows() throws Exception {
        FakeMpi mpi = started("1g");
        Object world = mpi.constant("COMM_WORLD");
        CallingAddress at = new CallingAddress("App", "main", "App.java", 5);
        for (int i = 0; i < 3; i++) {
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_ISEND, at)
                    .on(world)
                    .peer(0)
                    .tag(9)
                    .bytes(8));
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_RECV, at)
                    .on(world)
                    .peer(0)
                    .tag(9)
                    .bytes(8));
        }
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at));
        JsonNode trace = JsonNode.parse(Files.readString(dir.resolve("trace.json")));
        long complete = 0;
        java.util.List<String> starts = new java.util.ArrayList<>();
        java.util.List<String> ends = new java.util.ArrayList<>();
        for (JsonNode e : trace.get("traceEvents").elements()) {
            switch (e.get("ph").asString()) {
                case "X":
                    if (e.get("cat").asString().equals("mpi")) {
                        complete++;
                    }
                    break;
                case "s":
                    starts.add(e.get("id").asString());
                    break;
                case "f":
                    ends.add(e.get("id").asString());
                    break;
                default:
            }
        }
        assertThat(complete).isEqualTo(8); // init, 3 x (isend, recv), finalize
        assertThat(starts).containsExactly("0-0-9-0", "0-0-9-1", "0-0-9-2");
        assertThat(ends).containsExactlyElementsOf(starts);
        assertThat(errBytes.toString()).contains("qmpi4j: results in " + dir + " (trace.json)");
    }

    @Test
    void pastTheJsonLimitTheTraceIsWrittenInPerfettosFormat() throws Exception {
        FakeMpi mpi = started("1g", "1k");
        Object world = mpi.constant("COMM_WORLD");
        CallingAddress at = new CallingAddress("App", "main", "App.java", 5);
        for (int i = 0; i < 40; i++) {
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_ISEND, at)
                    .on(world)
                    .peer(0)
                    .tag(9)
                    .bytes(8));
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_RECV, at)
                    .on(world)
                    .peer(0)
                    .tag(9)
                    .bytes(8));
        }
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at));
        assertThat(dir.resolve("trace.json")).doesNotExist();
        byte[] trace = Files.readAllBytes(dir.resolve("trace.pftrace"));
        assertThat(trace[0])
                .as("a Trace's first packet: field 1, length-delimited")
                .isEqualTo((byte) 0x0a);
        // Each call is a slice with its name: 82 of them (init, 40 x (isend, recv), finalize); the
        // names are written once (interned), each slice refers to its name by id. The JVM track's
        // slices name their call in a text argument ("inside MPI_ISEND"), which this test JVM's
        // class loading during a call may or may not produce: those are not names.
        assertThat(occurrences(trace, "MPI_ISEND")
                        - occurrences(trace, "inside MPI_ISEND")
                        - occurrences(trace, "before MPI_ISEND"))
                .isEqualTo(1);
        PerfettoTraceReader read = PerfettoTraceReader.read(trace);
        assertThat(read.callsPerRank())
                .isEqualTo(Map.of(0, Map.of("MPI_INIT", 1L, "MPI_ISEND", 40L, "MPI_RECV", 40L, "MPI_FINALIZE", 1L)));
        assertThat(read.flows).hasSize(40);
        assertThat(read.calls.get(1).args).containsEntry("peer", 0L).containsEntry("tag", 9L);
        assertThat(errBytes.toString())
                .contains("over tracer.json-limit (1 KiB): the trace is in trace.pftrace")
                .contains("qmpi4j trace --format json --ranks 0-0 ")
                .contains("qmpi4j: results in " + dir + " (trace.pftrace)");
    }

    @Test
    void theShardNamesSitesCommunicatorsCollectiveNumbersRequestsAndTheirCompletions() throws Exception {
        FakeMpi mpi = started("1g");
        Object world = mpi.constant("COMM_WORLD");
        CallingAddress barrierAt = new CallingAddress("App", "main", "App.java", 10);
        CallingAddress bcastAt = new CallingAddress("App", "step", "App.java", 20);
        CallingAddress p2pAt = new CallingAddress("App", "step", "App.java", 30);
        for (int i = 0; i < 2; i++) {
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_BARRIER, barrierAt).on(world));
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_BCAST, bcastAt)
                    .on(world)
                    .peer(0)
                    .bytes(24));
        }
        Object sendRequest = new Object();
        Object recvRequest = new Object();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_ISEND, p2pAt)
                .on(world)
                .peer(0)
                .tag(9)
                .bytes(8)
                .returned(sendRequest, sendRequest));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_IRECV, p2pAt)
                .on(world)
                .peer(0)
                .tag(9)
                .bytes(8)
                .returned(recvRequest, recvRequest));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_WAITALL, p2pAt)
                .returned(new Object[] {recvRequest, sendRequest}, null));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_PCONTROL, barrierAt).args(3, null));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, barrierAt));

        java.util.List<String> lines = ShardText.lines(dir.resolve("ranks/rank-0.trace"));
        assertThat(lines.get(0)).startsWith("qmpi4j-trace 6 0 1 ");
        assertThat(lines).contains("M 0 w I 0 -");
        // One S line per call site, before its first use; MPI_Init's site is the first.
        assertThat(lines.stream().filter(l -> l.startsWith("S ")))
                .containsExactly(
                        "S 0 App main 1 App.java",
                        "S 1 App main 10 App.java",
                        "S 2 App step 20 App.java",
                        "S 3 App step 30 App.java");
        java.util.List<String[]> events = new java.util.ArrayList<>();
        for (String l : lines) {
            if (l.startsWith("E ")) {
                events.add(l.split(" "));
            }
        }
        // init, 2 x (barrier, bcast), isend, irecv, waitall, pcontrol, finalize
        assertThat(events).hasSize(10);
        // site, comm, root, coll seq, request, recv bytes, level
        assertThat(java.util.Arrays.copyOfRange(events.get(1), 12, 19))
                .containsExactly("1", "0", "-", "0", "-", "-", "-");
        assertThat(java.util.Arrays.copyOfRange(events.get(2), 12, 19))
                .containsExactly("2", "0", "0", "1", "-", "24", "-");
        assertThat(java.util.Arrays.copyOfRange(events.get(3), 12, 19))
                .containsExactly("1", "0", "-", "2", "-", "-", "-");
        assertThat(java.util.Arrays.copyOfRange(events.get(4), 12, 19))
                .containsExactly("2", "0", "0", "3", "-", "24", "-");
        // isend: request 0, message 0 to rank 0 with tag 9; irecv: request 1, names that message.
        assertThat(events.get(5)[8]).isEqualTo("0");
        assertThat(java.util.Arrays.copyOfRange(events.get(5), 12, 19))
                .containsExactly("3", "0", "-", "-", "0", "-", "-");
        assertThat(java.util.Arrays.copyOfRange(events.get(6), 9, 19))
                .containsExactly("0", "9", "0", "3", "0", "-", "-", "1", "8", "-");
        assertThat(events.get(8)[18]).isEqualTo("3");
        // The waitall names both requests, in the order it took them: the receive with its message.
        int wait = lines.indexOf(String.join(" ", events.get(7)));
        assertThat(lines.subList(wait + 1, wait + 3)).containsExactly("W 1 0 0 9 0", "W 0 - - - -");
    }

    /** A communicator as Open MPI's binding gives the null one: {@code isNull()} true. */
    public static final class NullComm {
        public boolean isNull() {
            return true;
        }
    }

    @Test
    void aNullCommunicatorOrOneAFailedCallWasGivenIsNeverDescribedThroughMpi() throws Exception {
        FakeMpi mpi = started("1g");
        CallingAddress at = new CallingAddress("App", "main", "App.java", 5);
        Object other = new Object();
        // A call on a null communicator, and one that failed on an unknown communicator.
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_BARRIER, at).on(new NullComm()));
        IllegalStateException mpiError = new IllegalStateException("MPI_ERR_COMM");
        FakeMpi.Call failing =
                new FakeMpi.Call(MpiFunction.MPI_BARRIER, at).on(other).fails(mpiError);
        // the application's own error, passed on as it is, after the call was recorded
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> mpi.call(failing))
                .isSameAs(mpiError);
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at));
        synchronized (mpi.toolCalls) {
            for (Object[] c : mpi.toolCalls) {
                assertThat(c[0])
                        .as("the tracer asked MPI about a communicator")
                        .isNotIn(MpiFunction.MPI_COMM_TEST_INTER, MpiFunction.MPI_COMM_GROUP);
            }
        }
        java.util.List<String> lines = ShardText.lines(dir.resolve("ranks/rank-0.trace"));
        assertThat(lines.stream().filter(l -> l.startsWith("M "))).containsExactly("M 0 w I 0 -");
        assertThat(lines.stream().filter(l -> l.startsWith("E ") && l.split(" ")[13].equals("-")))
                .as("calls without a communicator id")
                .hasSize(4); // MPI_INIT, the two barriers and MPI_FINALIZE
    }

    private static int occurrences(byte[] data, String text) {
        byte[] t = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int n = 0;
        outer:
        for (int i = 0; i + t.length <= data.length; i++) {
            for (int j = 0; j < t.length; j++) {
                if (data[i + j] != t[j]) {
                    continue outer;
                }
            }
            n++;
        }
        return n;
    }

    /** A status as Open MPI's binding gives it: source and tag through getters. */
    public static final class Status {
        private final int source;
        private final int tag;

        Status(int source, int tag) {
            this.source = source;
            this.tag = tag;
        }

        public int getSource() {
            return source;
        }

        public int getTag() {
            return tag;
        }
    }

    @Test
    void aWildcardReceiveGetsItsArrowEndFromTheStatus() throws Exception {
        FakeMpi mpi = started("1g");
        Object world = mpi.constant("COMM_WORLD");
        CallingAddress at = new CallingAddress("App", "main", "App.java", 5);
        for (int i = 0; i < 2; i++) {
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_ISEND, at)
                    .on(world)
                    .peer(0)
                    .tag(9)
                    .bytes(8));
        }
        // ANY_SOURCE, then a named receive of the same envelope: the first and the second message.
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_RECV, at)
                .on(world)
                .peer(-1)
                .tag(9)
                .bytes(8)
                .returned(null, new Status(0, 9)));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_RECV, at)
                .on(world)
                .peer(0)
                .tag(9)
                .bytes(8));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at));
        String trace = Files.readString(dir.resolve("trace.json"));
        assertThat(arrowIds(trace, "s")).containsExactly("0-0-9-0", "0-0-9-1");
        assertThat(arrowIds(trace, "f")).containsExactly("0-0-9-0", "0-0-9-1");
    }

    @Test
    void aWildcardReceiveWhoseStatusTellsNothingEndsArrowsRatherThanDrawingWrongOnes() throws Exception {
        FakeMpi mpi = started("1g");
        Object world = mpi.constant("COMM_WORLD");
        CallingAddress at = new CallingAddress("App", "main", "App.java", 5);
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_RECV, at)
                .on(world)
                .peer(-1)
                .tag(9)
                .bytes(8));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_RECV, at)
                .on(world)
                .peer(0)
                .tag(9)
                .bytes(8));
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at));
        assertThat(Files.readString(dir.resolve("trace.json"))).doesNotContain("\"ph\":\"f\"");
    }

    private static java.util.List<String> arrowIds(String traceText, String phase) throws Exception {
        java.util.List<String> ids = new java.util.ArrayList<>();
        for (JsonNode e : JsonNode.parse(traceText).get("traceEvents").elements()) {
            if (e.get("ph").asString().equals(phase)) {
                ids.add(e.get("id").asString());
            }
        }
        return ids;
    }

    @Test
    void recordingACallAllocatesNothing() throws Exception {
        FakeMpi mpi = started("1g");
        Object world = mpi.constant("COMM_WORLD");
        FakeMpi.Call[] calls = new FakeMpi.Call[4];
        for (int i = 0; i < calls.length; i++) {
            calls[i] = new FakeMpi.Call(
                            i % 2 == 0 ? MpiFunction.MPI_SEND : MpiFunction.MPI_RECV,
                            new CallingAddress("App", "main", "App.java", 100 + i))
                    .on(world)
                    .peer(0)
                    .tag(i)
                    .bytes(64);
        }
        // Also a nonblocking send and the wait that completes its request, and a barrier: request ids,
        // completions and collective numbers are kept without allocating either.
        Object request = new Object();
        CallingAddress at = new CallingAddress("App", "main", "App.java", 200);
        FakeMpi.Call[] more = {
            new FakeMpi.Call(MpiFunction.MPI_ISEND, at)
                    .on(world)
                    .peer(0)
                    .tag(5)
                    .bytes(64)
                    .returned(request, request),
            new FakeMpi.Call(MpiFunction.MPI_WAIT, at).returned(request, null),
            new FakeMpi.Call(MpiFunction.MPI_BARRIER, at).on(world),
            calls[0]
        };
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        int n = 200_000;
        for (int round = 0; round < 3; round++) {
            long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < n; i++) {
                mpi.call((i & 4) == 0 ? calls[i & 3] : more[i & 3]);
            }
            long perCall = (threads.getThreadAllocatedBytes(id) - before) / n;
            if (round == 2) {
                assertThat(perCall).as("bytes allocated per traced call").isZero();
            }
        }
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, calls[0].callingAddress()));
        // Each wait named the request its isend created.
        try (java.util.stream.Stream<String> lines = ShardText.lines(dir.resolve("ranks/rank-0.trace")).stream()) {
            assertThat(lines.filter(l -> l.startsWith("W ") && l.endsWith(" - - - -"))
                            .count())
                    .isEqualTo(3L * n / 8);
        }
    }

    @Test
    void theLimitStopsTheFileAndIsReportedOnce() throws Exception {
        FakeMpi mpi = started("4k");
        Object world = mpi.constant("COMM_WORLD");
        CallingAddress at = new CallingAddress("App", "main", "App.java", 5);
        for (int i = 0; i < 1000; i++) {
            mpi.call(new FakeMpi.Call(MpiFunction.MPI_BARRIER, at).on(world));
        }
        assertThat(errBytes.toString()).containsOnlyOnce("reached the trace size limit of 4 KiB");
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at));
        assertThat(Files.size(dir.resolve("ranks/rank-0.trace"))).isLessThanOrEqualTo(4096);
        assertThat(JsonNode.parse(Files.readString(dir.resolve("trace.json")))
                        .get("otherData")
                        .get("truncated_ranks")
                        .asLongArray())
                .containsExactly(0);
    }
}
