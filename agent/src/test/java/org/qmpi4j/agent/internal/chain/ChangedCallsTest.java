package org.qmpi4j.agent.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.access.BindingAccess;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.ToolHandler;

/**
 * Tools that change the call: changed arguments, another function, substituted results,
 * failing and completing on purpose, the call's two instants; without MPI, against fake binding
 * methods that record what reached them. The guarantees of pass-through chains are ChainTest's.
 */
class ChangedCallsTest {
    private static final BindingDescriptor OPENMPI =
            Objects.requireNonNull(BindingCatalog.load().descriptor("openmpi"));
    private static final CallingAddress APP = new CallingAddress("app.Main", "main", "Main.java", 7);
    /** {@code Comm.send(Object buf, int count, Datatype type, int dest, int tag)}, the receiver first. */
    private static final MethodType SEND_TYPE = MethodType.methodType(
            void.class, Object.class, Object.class, int.class, Object.class, int.class, int.class);

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final ToolFaults faults = new ToolFaults(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    private final ToolRegistry registry = new ToolRegistry();
    private final Map<MpiFunction, FakeMethod> methods = new EnumMap<>(MpiFunction.class);
    private final MpiProcessBuilder built = MpiProcessBuilder.of(
                    OPENMPI, getClass().getClassLoader())
            .faults(faults)
            .tools(registry)
            .access(new FakeAccess());
    private final MpiProcess process = built.build();
    private final CallRoute route = built.route();
    private final List<String> seen = new ArrayList<>();

    /** One binding method: records each call's arguments, returns or throws what the test says. */
    private final class FakeMethod implements CallTarget {
        final MethodMapping mapping;
        final MethodType type;
        final CallingAddress where;
        final List<Object[]> calls = new ArrayList<>();

        @Nullable
        Object result;

        FakeMethod(MpiFunction f, MethodType type, @Nullable Object result, CallingAddress where) {
            this.mapping = Objects.requireNonNull(OPENMPI.canonical(f));
            this.type = type;
            this.result = result;
            this.where = where;
        }

        @Override
        public MpiFunction function() {
            return mapping.function();
        }

        @Override
        public MethodMapping mapping() {
            return mapping;
        }

        @Override
        public CallingAddress callingAddress() {
            return where;
        }

        @Override
        public MpiProcess process() {
            return process;
        }

        @Override
        public CallRoute route() {
            return route;
        }

        @Override
        public MethodType methodType() {
            return type;
        }

        @Override
        public long datatypeSize(Object datatype) {
            return 4;
        }

        @Override
        public MethodHandle bindingHandle() {
            try {
                return MethodHandles.lookup().bind(this, "run", MethodType.methodType(Object.class, Object[].class));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }

        @Nullable
        Object run(Object[] args) {
            calls.add(args.clone());
            seen.add("MPI " + function());
            if (result instanceof RuntimeException) {
                throw (RuntimeException) result; // MPI's error
            }
            return result;
        }
    }

    private final class FakeAccess implements BindingAccess {
        @Override
        public long datatypeSize(Object datatype) {
            return 4;
        }

        @Override
        public CallTarget canonical(MpiFunction function, @Nullable CallingAddress where) {
            FakeMethod m = methods.get(function);
            if (m == null) {
                throw new UnsupportedOperationException("no " + function);
            }
            assertThat(where).isSameAs(APP); // the calling address stays the application's
            return m;
        }

        @Override
        public Object constant(String name) {
            throw new IllegalArgumentException(name);
        }
    }

    private FakeMethod method(MpiFunction f, MethodType type, @Nullable Object result) {
        FakeMethod m = new FakeMethod(f, type, result, APP);
        methods.put(f, m);
        return m;
    }

    private void tool(String name, MpiFunction f, ToolHandler handler) {
        registry.register(name, id -> registry.instance(id).registerHandlerFromTool(f, handler), name);
    }

    private ToolHandler recording(String name) {
        return (ctx, id, call) -> {
            seen.add(name + " " + call.function() + " peer=" + call.peer() + " tag=" + call.tag() + " at "
                    + call.callingAddress().line());
            return registry.instance(id).next(call.function()).invoke(ctx, call);
        };
    }

    private static Object[] sendArgs() {
        return new Object[] {"comm", new int[3], 3, "INT", 1, 9};
    }

    private @Nullable Object call(FakeMethod site) throws Throwable {
        return Dispatcher.dispatch(site, sendArgs());
    }

    @Test
    void changedArgumentsReachTheNextToolAndMpiWhileTheToolsBeforeKeepTheOriginal() throws Throwable {
        FakeMethod send = method(MpiFunction.MPI_SEND, SEND_TYPE, null);
        tool("before", MpiFunction.MPI_SEND, recording("before"));
        tool("change", MpiFunction.MPI_SEND, (ctx, id, call) -> {
            MpiCall changed = call.withRole(ArgumentRole.PEER, 5).withArgument(4, 42);
            Object r = registry.instance(id).next(call.function()).invoke(ctx, changed);
            seen.add("change still sees peer=" + call.peer());
            return r;
        });
        tool("after", MpiFunction.MPI_SEND, recording("after"));
        process.initializeTools(List.of("before", "change", "after"), "test");

        call(send);

        assertThat(seen)
                .containsExactly(
                        "before MPI_SEND peer=1 tag=9 at 7",
                        "after MPI_SEND peer=5 tag=42 at 7",
                        "MPI MPI_SEND",
                        "change still sees peer=1");
        assertThat(send.calls).hasSize(1);
        assertThat(Arrays.asList(send.calls.get(0)))
                .containsExactly("comm", send.calls.get(0)[1], 3, "INT", 5, 42);
        assertThat(faults.total()).isZero();
    }

    @Test
    void aReplacementOfTheWrongTypeIsRefusedInTheHandlerNamingFunctionArgumentAndType() throws Throwable {
        FakeMethod send = method(MpiFunction.MPI_SEND, SEND_TYPE, null);
        AtomicReference<Throwable> refused = new AtomicReference<>();
        tool("wrong", MpiFunction.MPI_SEND, (ctx, id, call) -> {
            try {
                call.withRole(ArgumentRole.PEER, "five");
            } catch (IllegalArgumentException e) {
                refused.set(e);
            }
            assertThatThrownBy(() -> call.withRole(ArgumentRole.REQUEST, null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no request argument");
            assertThatThrownBy(() -> call.withArgument(5, 1)).isInstanceOf(IndexOutOfBoundsException.class);
            return registry.instance(id).next(call.function()).invoke(ctx, call);
        });
        process.initializeTools(List.of("wrong"), "test");

        call(send);

        assertThat(refused.get())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("MPI_SEND")
                .hasMessageContaining("argument 3 (peer)")
                .hasMessageContaining("must be int")
                .hasMessageContaining("java.lang.String");
        assertThat(send.calls).hasSize(1);
        assertThat(send.calls.get(0)[4]).isEqualTo(1);
    }

    @Test
    void anotherFunctionGoesThroughTheToolsAfterForThatFunctionAndMpiRunsOnce() throws Throwable {
        FakeMethod send = method(MpiFunction.MPI_SEND, SEND_TYPE, null);
        FakeMethod ssend = method(MpiFunction.MPI_SSEND, SEND_TYPE, null);
        tool("first", MpiFunction.MPI_SEND, recording("first"));
        tool(
                "ssend",
                MpiFunction.MPI_SEND,
                (ctx, id, call) -> registry.instance(id)
                        .next(MpiFunction.MPI_SSEND)
                        .invoke(ctx, call.withFunction(MpiFunction.MPI_SSEND)));
        tool("sees-send", MpiFunction.MPI_SEND, recording("sees-send"));
        tool("sees-ssend", MpiFunction.MPI_SSEND, recording("sees-ssend"));
        process.initializeTools(List.of("first", "ssend", "sees-send", "sees-ssend"), "test");

        call(send);

        assertThat(seen)
                .containsExactly(
                        "first MPI_SEND peer=1 tag=9 at 7", "sees-ssend MPI_SSEND peer=1 tag=9 at 7", "MPI MPI_SSEND");
        assertThat(send.calls).isEmpty();
        assertThat(ssend.calls).hasSize(1);
        assertThat(faults.total()).isZero();
    }

    @Test
    void anotherFunctionWhoseMethodDoesNotTakeTheArgumentsIsRefused() throws Throwable {
        FakeMethod send = method(MpiFunction.MPI_SEND, SEND_TYPE, null);
        method(MpiFunction.MPI_BARRIER, MethodType.methodType(void.class, Object.class), null);
        AtomicReference<Throwable> refused = new AtomicReference<>();
        tool("barrier", MpiFunction.MPI_SEND, (ctx, id, call) -> {
            try {
                call.withFunction(MpiFunction.MPI_BARRIER);
            } catch (IllegalArgumentException e) {
                refused.set(e);
            }
            return registry.instance(id).next(call.function()).invoke(ctx, call);
        });
        process.initializeTools(List.of("barrier"), "test");

        call(send);

        assertThat(refused.get()).hasMessageContaining("MPI_BARRIER");
        assertThat(send.calls).hasSize(1);
    }

    @Test
    void whatAHandlerReturnsIsWhatTheToolBeforeItAndTheApplicationGet() throws Throwable {
        MethodType rank = MethodType.methodType(int.class, Object.class);
        FakeMethod getRank = method(MpiFunction.MPI_COMM_RANK, rank, 3);
        AtomicReference<Object> firstGot = new AtomicReference<>();
        tool("first", MpiFunction.MPI_COMM_RANK, (ctx, id, call) -> {
            Object r = registry.instance(id).next(call.function()).invoke(ctx, call);
            firstGot.set(r);
            return r;
        });
        tool(
                "plus-ten",
                MpiFunction.MPI_COMM_RANK,
                (ctx, id, call) -> (Integer) Objects.requireNonNull(
                                registry.instance(id).next(call.function()).invoke(ctx, call))
                        + 10);
        process.initializeTools(List.of("first", "plus-ten"), "test");

        assertThat(Dispatcher.dispatch(getRank, new Object[] {"comm"})).isEqualTo(13);
        assertThat(firstGot.get()).isEqualTo(13);
        assertThat(faults.total()).isZero();
    }

    @Test
    void aResultOfTheWrongTypeIsAFaultAndTheApplicationGetsMpisResult() throws Throwable {
        FakeMethod getRank = method(MpiFunction.MPI_COMM_RANK, MethodType.methodType(int.class, Object.class), 3);
        tool("bad", MpiFunction.MPI_COMM_RANK, (ctx, id, call) -> {
            registry.instance(id).next(call.function()).invoke(ctx, call);
            return "three";
        });
        process.initializeTools(List.of("bad"), "test");

        assertThat(Dispatcher.dispatch(getRank, new Object[] {"comm"})).isEqualTo(3);
        assertThat(faults.total()).isEqualTo(1);
        assertThat(errBytes.toString(StandardCharsets.UTF_8)).contains("java.lang.String");
    }

    @Test
    void aToolFailsTheCallOnPurposeAndTheApplicationGetsExactlyThatWithoutMpi() throws Throwable {
        FakeMethod send = method(MpiFunction.MPI_SEND, SEND_TYPE, null);
        RuntimeException injected = new IllegalStateException("injected");
        tool("first", MpiFunction.MPI_SEND, recording("first"));
        tool("fail", MpiFunction.MPI_SEND, (ctx, id, call) -> {
            assertThatThrownBy(() -> call.fail(new java.io.IOException("not the binding's")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("java.io.IOException");
            throw call.fail(injected);
        });
        process.initializeTools(List.of("first", "fail"), "test");

        assertThatThrownBy(() -> call(send)).isSameAs(injected);
        assertThat(send.calls).isEmpty();
        assertThat(faults.total()).isZero();
    }

    @Test
    void aToolCompletesTheCallOnPurposeWithoutMpi() throws Throwable {
        FakeMethod getRank = method(MpiFunction.MPI_COMM_RANK, MethodType.methodType(int.class, Object.class), 3);
        tool("complete", MpiFunction.MPI_COMM_RANK, (ctx, id, call) -> {
            assertThatThrownBy(() -> call.complete("zero")).hasMessageContaining("must be int");
            return call.complete(0);
        });
        process.initializeTools(List.of("complete"), "test");

        assertThat(Dispatcher.dispatch(getRank, new Object[] {"comm"})).isEqualTo(0);
        assertThat(getRank.calls).isEmpty();
        assertThat(faults.total()).isZero();
    }

    @Test
    void aHandlerThatForgetsToContinueAChangedCallIsAFaultAndMpiRunsOnce() throws Throwable {
        FakeMethod send = method(MpiFunction.MPI_SEND, SEND_TYPE, null);
        tool("forget", MpiFunction.MPI_SEND, (ctx, id, call) -> {
            call.withRole(ArgumentRole.TAG, 1);
            return null;
        });
        process.initializeTools(List.of("forget"), "test");

        call(send);

        assertThat(send.calls).hasSize(1);
        assertThat(send.calls.get(0)[5]).isEqualTo(9);
        assertThat(faults.total()).isEqualTo(1);
        assertThat(errBytes.toString(StandardCharsets.UTF_8)).contains("without continuing the chain");
    }

    @Test
    void theAgentReadsTheClockOnceAtEntryAndOnceAtExitForEveryTool() throws Throwable {
        FakeMethod send = method(MpiFunction.MPI_SEND, SEND_TYPE, null);
        long[] instants = new long[4];
        tool("outer", MpiFunction.MPI_SEND, (ctx, id, call) -> {
            instants[0] = call.exitNanos();
            Object r = registry.instance(id).next(call.function()).invoke(ctx, call);
            instants[1] = call.entryNanos();
            instants[2] = call.exitNanos();
            return r;
        });
        tool("inner", MpiFunction.MPI_SEND, (ctx, id, call) -> {
            Object r = registry.instance(id).next(call.function()).invoke(ctx, call.withRole(ArgumentRole.TAG, 1));
            instants[3] = call.exitNanos();
            return r;
        });
        process.initializeTools(List.of("outer", "inner"), "test");

        call(send);
        assertThat(instants[1]).isEqualTo(MpiCall.NO_TIME); // nobody asked

        process.requestCallTimes();
        long before = System.nanoTime();
        call(send);
        long after = System.nanoTime();

        assertThat(instants[0]).isEqualTo(MpiCall.NO_TIME);
        assertThat(instants[1]).isBetween(before, after);
        assertThat(instants[2]).isBetween(instants[1], after);
        assertThat(instants[3]).isEqualTo(instants[2]);
    }

    @Test
    void theExitInstantIsReadWhenMpiThrowsAndWhenAToolEndsTheCallItself() throws Throwable {
        RuntimeException mpiError = new IllegalStateException("MPI's error");
        FakeMethod send = method(MpiFunction.MPI_SEND, SEND_TYPE, mpiError);
        long[] exit = new long[3];
        tool("outer", MpiFunction.MPI_SEND, (ctx, id, call) -> {
            try {
                return registry.instance(id).next(call.function()).invoke(ctx, call);
            } finally {
                exit[0] = call.exitNanos();
            }
        });
        FakeMethod getRank = method(MpiFunction.MPI_COMM_RANK, MethodType.methodType(int.class, Object.class), 3);
        tool("complete", MpiFunction.MPI_COMM_RANK, (ctx, id, call) -> {
            long before = call.exitNanos();
            Object r = call.complete(0);
            exit[1] = call.exitNanos();
            assertThat(before).isEqualTo(MpiCall.NO_TIME);
            return r;
        });
        FakeMethod getSize = method(MpiFunction.MPI_COMM_SIZE, MethodType.methodType(int.class, Object.class), 2);
        RuntimeException injected = new IllegalStateException("injected");
        tool("fail", MpiFunction.MPI_COMM_SIZE, (ctx, id, call) -> {
            Exception e = call.fail(injected);
            exit[2] = call.exitNanos();
            throw (RuntimeException) e;
        });
        process.initializeTools(List.of("outer", "complete", "fail"), "test");
        process.requestCallTimes();

        long before = System.nanoTime();
        assertThatThrownBy(() -> call(send)).isSameAs(mpiError);
        assertThat(Dispatcher.dispatch(getRank, new Object[] {"comm"})).isEqualTo(0);
        assertThatThrownBy(() -> Dispatcher.dispatch(getSize, new Object[] {"comm"}))
                .isSameAs(injected);
        long after = System.nanoTime();

        assertThat(send.calls).hasSize(1);
        assertThat(exit[0]).isBetween(before, after);
        assertThat(exit[1]).isBetween(exit[0], after);
        assertThat(exit[2]).isBetween(exit[1], after);
        assertThat(faults.total()).isZero();
    }

    @Test
    void everyArgumentOfALongMethodReadsAsPassed() throws Throwable {
        Object[] args = new Object[15]; // the receiver and 14 arguments: past the slots read by constant index
        for (int i = 0; i < args.length; i++) {
            args[i] = "value " + i;
        }
        MethodType type = MethodType.methodType(
                        void.class, Object.class, Object.class, int.class, Object.class, int.class, int.class)
                .appendParameterTypes(Collections.nCopies(9, Object.class));
        FakeMethod send = method(MpiFunction.MPI_SEND, type, null);
        List<Object> read = new ArrayList<>();
        tool("reader", MpiFunction.MPI_SEND, (ctx, id, call) -> {
            read.add(call.receiver());
            for (int i = 0; i < call.argumentCount(); i++) {
                read.add(call.argument(i));
            }
            read.add(call.communicator());
            read.add(call.datatype());
            return registry.instance(id).next(call.function()).invoke(ctx, call);
        });
        process.initializeTools(List.of("reader"), "test");

        Dispatcher.dispatch(send, args.clone());

        List<Object> expected = new ArrayList<>(Arrays.asList(args));
        expected.add("value 0"); // the communicator: the receiver
        expected.add("value 3"); // the datatype: send's third argument
        assertThat(read).containsExactlyElementsOf(expected);
        assertThat(send.calls.get(0)).containsExactly(args);
    }
}
