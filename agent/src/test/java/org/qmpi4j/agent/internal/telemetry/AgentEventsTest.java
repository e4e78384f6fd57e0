package org.qmpi4j.agent.internal.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventInfo;
import org.qmpi4j.api.mpit.EventInstance;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.ThreadLevel;
import org.qmpi4j.api.mpit.Verbosity;
import org.qmpi4j.mpit.MpitRegistry;

/**
 * The events the agent raises: in the qmpi4j categories, free until registered for (no function
 * watched, no call site relinked), and carrying what the call was.
 */
class AgentEventsTest {
    private ProcessTelemetry telemetry;
    private MpitRegistry mpit;
    private CallMonitor monitor;
    private final AtomicInteger relinks = new AtomicInteger();
    private static final Object WORLD = new Object();

    /** A binding whose world has 4 ranks and whose every communicator is the world. */
    private static final MonitoredBinding BINDING = new MonitoredBinding() {
        @Override
        public int worldSize() {
            return 4;
        }

        @Override
        public int size(@Nullable Object comm) {
            return 4;
        }

        @Override
        public int[] worldRanks(@Nullable Object comm) {
            return new int[] {0, 1, 2, 3};
        }

        @Override
        public @Nullable Boolean requestIsNull(Object request) {
            return null;
        }
    };

    @BeforeEach
    void setUp() {
        telemetry = new ProcessTelemetry(new AgentConfig(null, Map.of(), Map.of()), ProcessTelemetry.Counters.NONE);
        mpit = telemetry.registry();
        monitor = telemetry.monitor();
        monitor.attach(BINDING, relinks::incrementAndGet);
        mpit.initThread(ThreadLevel.SINGLE);
    }

    private long watched() {
        return Arrays.stream(MpiFunction.values()).filter(monitor::observes).count();
    }

    /** Runs one call through the monitor as the dispatcher does for a watched function. */
    private void call(MpiCall c) {
        if (monitor.observes(c.function())) {
            long start = monitor.enter(c);
            monitor.exit(c, start);
        }
    }

    @Test
    @DisplayName("every agent event lives in a qmpi4j category; all but the JVM's pause come from the ordered "
            + "source qmpi4j_calls")
    void typesAndCategories() {
        List<String> names = List.of(
                "qmpi4j_send_started",
                "qmpi4j_receive_completed",
                "qmpi4j_request_completed",
                "qmpi4j_collective_entered",
                "qmpi4j_collective_left",
                "qmpi4j_pcontrol_changed",
                "qmpi4j_tool_fault");
        int inCategories = 0;
        for (int c = 0; c < mpit.categoryGetNum(); c++) {
            assertThat(mpit.categoryGetInfo(c).name()).startsWith("qmpi4j");
            inCategories += mpit.categoryGetNumEvents(c);
        }
        assertThat(inCategories).isEqualTo(names.size() + 1); // and qmpi4j_jvm_pause, of its own source
        int source = mpit.sourceGetNum() - 2;
        assertThat(mpit.sourceGetInfo(source).name()).isEqualTo("qmpi4j_calls");
        for (String name : names) {
            EventInfo info = mpit.eventGetInfo(mpit.eventGetIndex(name));
            assertThat(info.sourceIndex()).isEqualTo(source);
        }
        EventInfo send = mpit.eventGetInfo(mpit.eventGetIndex("qmpi4j_send_started"));
        assertThat(send.elements())
                .extracting(e -> e.name())
                .containsExactly("function", "communicator", "peer_world_rank", "tag", "bytes", "call_site");
    }

    @Test
    @DisplayName(
            "nothing is watched or relinked until a registration has a callback; freeing the last withdraws the demand")
    void zeroCostUntilRegistered() {
        assertThat(watched()).isZero();
        EventRegistration g = mpit.eventHandleAlloc(mpit.eventGetIndex("qmpi4j_send_started"), null, null);
        assertThat(watched()).as("a registration without a callback").isZero();
        assertThat(relinks).hasValue(0);
        mpit.eventRegisterCallback(g, CallbackSafety.THREAD_SAFE, null, (i, reg, s) -> {});
        assertThat(monitor.observes(MpiFunction.MPI_SEND)).isTrue();
        assertThat(monitor.observes(MpiFunction.MPI_ISEND)).isTrue();
        assertThat(monitor.observes(MpiFunction.MPI_RECV)).isFalse();
        assertThat(relinks).hasValue(1);
        mpit.eventHandleFree(g, null);
        assertThat(watched()).isZero();
        assertThat(relinks).hasValue(2);
        EventRegistration p = mpit.eventHandleAlloc(mpit.eventGetIndex("qmpi4j_pcontrol_changed"), null, null);
        mpit.eventRegisterCallback(p, CallbackSafety.THREAD_SAFE, null, (i, reg, s) -> {});
        assertThat(watched()).as("Pcontrol and tool faults need no function").isZero();
        mpit.eventHandleFree(p, null);
    }

    @Test
    @DisplayName(
            "send started and receive completed carry function, communicator, world rank of the peer, tag, bytes, call site")
    void pointToPointEvents() {
        List<String> seen = new CopyOnWriteArrayList<>();
        for (String name : List.of("qmpi4j_send_started", "qmpi4j_receive_completed")) {
            EventRegistration g = mpit.eventHandleAlloc(mpit.eventGetIndex(name), null, null);
            mpit.eventRegisterCallback(
                    g, CallbackSafety.THREAD_SAFE, null, (i, reg, s) -> seen.add(name + " " + describe(i)));
        }
        call(new Call(MpiFunction.MPI_SEND, 2, 7, 32));
        call(new Call(MpiFunction.MPI_RECV, 3, 8, 64));
        call(new Call(MpiFunction.MPI_BARRIER, MpiCall.ABSENT, MpiCall.ABSENT, 0));
        assertThat(seen)
                .containsExactly(
                        "qmpi4j_send_started MPI_SEND comm=0 peer=2 tag=7 bytes=32 site=Main.run(Main.java:12)",
                        "qmpi4j_receive_completed MPI_RECV comm=0 peer=3 tag=8 bytes=64 site=Main.run(Main.java:12)");
    }

    @Test
    @DisplayName(
            "a non-blocking receive's completion raises request completed (with the time outstanding) and receive completed")
    void requestCompletion() {
        List<String> seen = new CopyOnWriteArrayList<>();
        EventRegistration req = mpit.eventHandleAlloc(mpit.eventGetIndex("qmpi4j_request_completed"), null, null);
        mpit.eventRegisterCallback(req, CallbackSafety.THREAD_SAFE, null, (i, reg, s) -> {
            byte[] f = new byte[AgentEvents.FUNCTION_LENGTH];
            mpit.eventRead(i, 0, f);
            byte[] by = new byte[AgentEvents.FUNCTION_LENGTH];
            mpit.eventRead(i, 1, by);
            long[] ns = new long[1];
            mpit.eventRead(i, 2, ns);
            seen.add("request " + text(f) + " by " + text(by) + (ns[0] >= 0 ? " ok" : " negative"));
        });
        EventRegistration recv = mpit.eventHandleAlloc(mpit.eventGetIndex("qmpi4j_receive_completed"), null, null);
        mpit.eventRegisterCallback(
                recv, CallbackSafety.THREAD_SAFE, null, (i, reg, s) -> seen.add("receive " + describe(i)));
        Object request = new Object();
        Call irecv = new Call(MpiFunction.MPI_IRECV, 1, 5, 16);
        irecv.request = request;
        call(irecv);
        assertThat(seen).isEmpty();
        Call wait = new Call(MpiFunction.MPI_WAIT, MpiCall.ABSENT, MpiCall.ABSENT, 0);
        wait.request = request;
        call(wait);
        call(wait); // already completed: nothing more
        assertThat(seen)
                .containsExactly(
                        "request MPI_IRECV by MPI_WAIT ok",
                        "receive MPI_IRECV comm=0 peer=1 tag=5 bytes=16 site=Main.run(Main.java:12)");
    }

    @Test
    @DisplayName("collectives entered and left, Pcontrol changes and tool faults")
    void otherEvents() {
        List<String> seen = new CopyOnWriteArrayList<>();
        for (String name : List.of(
                "qmpi4j_collective_entered",
                "qmpi4j_collective_left",
                "qmpi4j_pcontrol_changed",
                "qmpi4j_tool_fault")) {
            EventRegistration g = mpit.eventHandleAlloc(mpit.eventGetIndex(name), null, null);
            mpit.eventRegisterCallback(g, CallbackSafety.THREAD_SAFE, null, (i, reg, s) -> seen.add(name));
        }
        call(new Call(MpiFunction.MPI_BCAST, 0, MpiCall.ABSENT, 8));
        monitor.pcontrolChanged(1, 0);
        monitor.toolFault("tracer", "MPI_SEND handler");
        assertThat(seen)
                .containsExactly(
                        "qmpi4j_collective_entered",
                        "qmpi4j_collective_left",
                        "qmpi4j_pcontrol_changed",
                        "qmpi4j_tool_fault");
    }

    @Test
    @DisplayName("the listing shows event sources and every event with its elements")
    void listing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new MpitListing(mpit, new PrintStream(bytes, true, StandardCharsets.UTF_8), Verbosity.MPIDEV_ALL).print("test");
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("Event sources", "qmpi4j_calls  ORDERED", "Events");
        assertThat(out)
                .contains("qmpi4j_send_started  source=1  bind=NO_OBJECT")
                .contains("elements: function=CHAR[32]@0 communicator=INT@32 peer_world_rank=INT@36 tag=INT@40"
                        + " bytes=COUNT@48 call_site=CHAR[256]@56");
    }

    private String describe(EventInstance i) {
        byte[] f = new byte[AgentEvents.FUNCTION_LENGTH];
        mpit.eventRead(i, 0, f);
        int[] v = new int[1];
        mpit.eventRead(i, 1, v);
        int comm = v[0];
        mpit.eventRead(i, 2, v);
        int peer = v[0];
        mpit.eventRead(i, 3, v);
        int tag = v[0];
        long[] b = new long[1];
        mpit.eventRead(i, 4, b);
        byte[] site = new byte[AgentEvents.CALL_SITE_LENGTH];
        mpit.eventRead(i, 5, site);
        assertThat(mpit.eventGetInfo(mpit.eventGetIndex("qmpi4j_send_started"))
                        .elements()
                        .get(4)
                        .datatype())
                .isEqualTo(MpitDatatype.COUNT);
        return text(f) + " comm=" + comm + " peer=" + peer + " tag=" + tag + " bytes=" + b[0] + " site=" + text(site);
    }

    private static String text(byte[] b) {
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }

    /** An MPI call as the monitor sees it. */
    private static final class Call implements MpiCall {
        private final MpiFunction function;
        private final int peer;
        private final int tag;
        private final long bytes;

        @Nullable
        Object request;

        Call(MpiFunction function, int peer, int tag, long bytes) {
            this.function = function;
            this.peer = peer;
            this.tag = tag;
            this.bytes = bytes;
        }

        @Override
        public MpiFunction function() {
            return function;
        }

        @Override
        public CallingAddress callingAddress() {
            return new CallingAddress("Main", "run", "Main.java", 12);
        }

        @Override
        public String binding() {
            return "test";
        }

        @Override
        public @Nullable Object receiver() {
            return null;
        }

        @Override
        public int argumentCount() {
            return 0;
        }

        @Override
        public @Nullable Object argument(int i) {
            return null;
        }

        @Override
        public Object communicator() {
            return WORLD;
        }

        @Override
        public @Nullable Object buffer() {
            return null;
        }

        @Override
        public int count() {
            return 0;
        }

        @Override
        public @Nullable Object datatype() {
            return null;
        }

        @Override
        public int peer() {
            return peer;
        }

        @Override
        public int tag() {
            return tag;
        }

        @Override
        public long bytes() {
            return bytes;
        }

        @Override
        public @Nullable Object request() {
            return request;
        }

        @Override
        public @Nullable Object result() {
            return null;
        }
    }
}
