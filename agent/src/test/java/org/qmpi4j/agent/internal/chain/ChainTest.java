package org.qmpi4j.agent.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;

/**
 * The QMPI life cycle and the chain's guarantees, without MPI: the binding is a fake target that
 * counts how often it runs. Real-MPI behaviour is covered by the integration tests.
 */
class ChainTest {
    private static final BindingDescriptor OPENMPI =
            Objects.requireNonNull(BindingCatalog.load().descriptor("openmpi"));
    private static final MethodMapping SEND = Objects.requireNonNull(OPENMPI.canonical(MpiFunction.MPI_SEND));

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final ToolFaults faults = new ToolFaults(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    private final ToolRegistry registry = new ToolRegistry();
    private final MpiProcessBuilder built = MpiProcessBuilder.of(
                    OPENMPI, getClass().getClassLoader())
            .faults(faults)
            .tools(registry);
    private final MpiProcess process = built.build();
    private final CallRoute route = built.route();
    private final List<String> events = new ArrayList<>();

    /** A binding method that records that it ran, and returns or throws what the test says. */
    private final class FakeBinding implements CallTarget {
        final AtomicInteger runs = new AtomicInteger();
        Object result = "mpi-result";

        @Nullable
        Throwable failure;

        @Override
        public MpiFunction function() {
            return MpiFunction.MPI_SEND;
        }

        @Override
        public MethodMapping mapping() {
            return SEND;
        }

        @Override
        public CallingAddress callingAddress() {
            return new CallingAddress("app.Main", "main", "Main.java", 7);
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
        public long datatypeSize(Object datatype) {
            return 4;
        }

        @Override
        public java.lang.invoke.MethodHandle bindingHandle() {
            try {
                return java.lang.invoke.MethodHandles.lookup()
                        .bind(this, "run", java.lang.invoke.MethodType.methodType(Object.class, Object[].class));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }

        Object run(Object[] args) throws Throwable {
            runs.incrementAndGet();
            events.add("MPI");
            if (failure != null) {
                throw failure;
            }
            return result;
        }
    }

    private ToolHandler recording(String name) {
        return (ctx, id, call) -> {
            events.add(name + "(" + id + ")");
            return nextOf(id).invoke(ctx, call);
        };
    }

    private ToolFunction nextOf(int id) {
        return registry.instance(id).next(MpiFunction.MPI_SEND);
    }

    private @Nullable Object call(FakeBinding binding) throws Throwable {
        CallContext ctx = new CallContext(binding, new Object[] {"comm", new int[3], 3, "INT", 1, 9});
        route.chain().entry(MpiFunction.MPI_SEND).invoke(ctx);
        return ctx.finish();
    }

    private void register(String name, ToolHandler handler, List<Integer> ids) {
        registry.register(
                name,
                id -> {
                    ids.add(id);
                    org.qmpi4j.agent.internal.chain.ToolInstance inst = registry.instance(id);
                    inst.registerStorageFromTool(new AtomicInteger());
                    inst.registerHandlerFromTool(MpiFunction.MPI_SEND, handler);
                },
                name + " tool");
    }

    @Test
    void callsGoThroughInstancesInListOrderThenToMpiOnce() throws Throwable {
        List<Integer> ids = new ArrayList<>();
        register("a", recording("a"), ids);
        register("b", recording("b"), ids);
        process.initializeTools(List.of("a", "b", "a"), "test");

        FakeBinding binding = new FakeBinding();
        Object result = call(binding);

        assertThat(ids).hasSize(3).doesNotHaveDuplicates();
        assertThat(events)
                .containsExactly("a(" + ids.get(0) + ")", "b(" + ids.get(1) + ")", "a(" + ids.get(2) + ")", "MPI");
        assertThat(result).isEqualTo("mpi-result");
        assertThat(binding.runs).hasValue(1);
        assertThat(registry.instance(ids.get(0)).storage())
                .isNotSameAs(registry.instance(ids.get(2)).storage());
        assertThat(nextOf(ids.get(2)).isBinding()).isTrue();
        assertThat(nextOf(ids.get(0)).toolId()).isEqualTo(ids.get(1));
    }

    @Test
    void nextFunctionIsStableAndUsableOnlyOnceTheChainIsSealed() throws Throwable {
        List<ToolFunction> seenInInit = new ArrayList<>();
        registry.register(
                "early",
                id -> {
                    ToolFunction next = registry.instance(id).next(MpiFunction.MPI_SEND);
                    seenInInit.add(next);
                    assertThatThrownBy(next::toolId)
                            .isInstanceOf(IllegalStateException.class)
                            .hasMessageContaining("not ready");
                    registry.instance(id)
                            .registerHandlerFromTool(MpiFunction.MPI_SEND, (ctx, tid, c) -> next.invoke(ctx, c));
                },
                "");
        process.initializeTools(List.of("early"), "test");

        int id = route.chain().instances().get(0).id();
        assertThat(registry.instance(id).next(MpiFunction.MPI_SEND)).isSameAs(seenInInit.get(0));
        assertThat(call(new FakeBinding())).isEqualTo("mpi-result");
    }

    @Test
    void aToolThatThrowsIsReportedOnceAndTheToolsAfterItStillSeeTheCall() throws Throwable {
        List<Integer> ids = new ArrayList<>();
        register(
                "boom",
                (ctx, id, c) -> {
                    throw new IllegalStateException("tool bug");
                },
                ids);
        register("after", recording("after"), ids);
        process.initializeTools(List.of("boom", "after"), "test");

        FakeBinding binding = new FakeBinding();
        for (int i = 0; i < 3; i++) {
            assertThat(call(binding)).isEqualTo("mpi-result");
        }

        assertThat(binding.runs).hasValue(3);
        assertThat(events).filteredOn(e -> e.startsWith("after")).hasSize(3);
        assertThat(faults.of(route.chain().instances().get(0))).isEqualTo(3);
        String err = errBytes.toString(StandardCharsets.UTF_8);
        assertThat(err).contains("tool 'boom'").contains("tool bug");
        assertThat(err.split("tool 'boom'", -1)).as("reported once").hasSize(2);
    }

    @Test
    void aToolThatDoesNotContinueIsReportedAndMpiStillRunsOnce() throws Throwable {
        List<Integer> ids = new ArrayList<>();
        register("lazy", (ctx, id, c) -> "not the mpi result", ids);
        process.initializeTools(List.of("lazy"), "test");

        FakeBinding binding = new FakeBinding();
        assertThat(call(binding)).isEqualTo("mpi-result");
        assertThat(binding.runs).hasValue(1);
        assertThat(errBytes.toString(StandardCharsets.UTF_8)).contains("without continuing the chain");
    }

    @Test
    void aToolThatContinuesTwiceCannotRunMpiTwice() throws Throwable {
        List<Integer> ids = new ArrayList<>();
        register(
                "twice",
                (ctx, id, c) -> {
                    nextOf(id).invoke(ctx, c);
                    return nextOf(id).invoke(ctx, c);
                },
                ids);
        process.initializeTools(List.of("twice"), "test");

        FakeBinding binding = new FakeBinding();
        assertThat(call(binding)).isEqualTo("mpi-result");
        assertThat(binding.runs).hasValue(1);
        assertThat(faults.total()).isEqualTo(1);
    }

    @Test
    void mpisOwnExceptionReachesTheApplicationUnchangedEvenIfAToolSwallowsIt() throws Throwable {
        List<Integer> ids = new ArrayList<>();
        register(
                "swallow",
                (ctx, id, c) -> {
                    try {
                        return nextOf(id).invoke(ctx, c);
                    } catch (Exception e) {
                        return null;
                    }
                },
                ids);
        register("rethrow", recording("rethrow"), ids);
        process.initializeTools(List.of("swallow", "rethrow"), "test");

        FakeBinding binding = new FakeBinding();
        Exception mpiError = new java.io.IOException("MPI_ERR_RANK: invalid rank");
        binding.failure = mpiError;

        assertThatThrownBy(() -> call(binding)).isSameAs(mpiError);
        assertThat(binding.runs).hasValue(1);
        assertThat(faults.total()).isZero();
    }

    @Test
    void anInitialiserThatThrowsLeavesItsInstanceOutOfTheChain() throws Throwable {
        registry.register(
                "broken",
                id -> {
                    registry.instance(id).registerHandlerFromTool(MpiFunction.MPI_SEND, recording("broken"));
                    throw new IllegalStateException("cannot start");
                },
                "");
        List<Integer> ids = new ArrayList<>();
        register("fine", recording("fine"), ids);
        process.initializeTools(List.of("broken", "fine"), "test");

        call(new FakeBinding());
        assertThat(events).containsExactly("fine(" + ids.get(0) + ")", "MPI");
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .contains("tool 'broken'")
                .contains("cannot start");
    }

    @Test
    void unknownToolNamesAreRejectedWithTheAvailableOnes() {
        register("counter", recording("counter"), new ArrayList<>());
        assertThatThrownBy(() -> process.initializeTools(
                        List.of("counter", "nope", "nada"), "QMPI4J_TOOLS = \"counter,nope,nada\""))
                .isInstanceOf(UnknownToolException.class)
                .hasMessageContaining("unknown tools 'nope', 'nada'")
                .hasMessageContaining("QMPI4J_TOOLS")
                .hasMessageContaining("counter  counter tool");
        assertThat(process.toolsInitialized()).isFalse();
    }

    @Test
    void registrationClosesWhenMpiIsInitialised() {
        register("x", recording("x"), new ArrayList<>());
        process.initializeTools(List.of("x"), "test");
        assertThatThrownBy(() -> registry.register("late", id -> {}, ""))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("MPI is already initialised");
    }

    @Test
    void registeringHandlersOutsideTheInitialiserFails() {
        List<Integer> ids = new ArrayList<>();
        register("x", recording("x"), ids);
        process.initializeTools(List.of("x"), "test");
        assertThatThrownBy(() ->
                        registry.instance(ids.get(0)).registerHandlerFromTool(MpiFunction.MPI_RECV, recording("y")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("only allowed inside its initialiser");
    }

    @Test
    void invalidAndDuplicateNamesAreRejected() {
        register("x", recording("x"), new ArrayList<>());
        assertThatThrownBy(() -> registry.register("x", id -> {}, "")).hasMessageContaining("already registered");
        assertThatThrownBy(() -> registry.register("bad name", id -> {}, "")).hasMessageContaining("invalid tool name");
    }

    @Test
    void pcontrolZeroTakesEveryFunctionOffTheChain() {
        register("x", recording("x"), new ArrayList<>());
        process.initializeTools(List.of("x"), "test");
        assertThat(route.routesThroughTools(MpiFunction.MPI_SEND)).isTrue();
        assertThat(route.routesThroughTools(MpiFunction.MPI_RECV))
                .as("no tool intercepts it")
                .isFalse();
        process.setPcontrolLevel(0);
        assertThat(route.routesThroughTools(MpiFunction.MPI_SEND)).isFalse();
        process.setPcontrolLevel(2);
        assertThat(route.routesThroughTools(MpiFunction.MPI_SEND)).isTrue();
        assertThat(process.pcontrolLevel()).isEqualTo(2);
    }

    @Test
    void typedAccessorsFollowTheDescriptorsRoles() throws Throwable {
        FakeBinding binding = new FakeBinding();
        CallContext ctx = new CallContext(binding, new Object[] {"comm", new int[3], 3, "INT", 1, 9});
        assertThat(ctx.communicator()).isEqualTo("comm");
        assertThat(ctx.count()).isEqualTo(3);
        assertThat(ctx.datatype()).isEqualTo("INT");
        assertThat(ctx.peer()).isEqualTo(1);
        assertThat(ctx.tag()).isEqualTo(9);
        assertThat(ctx.bytes()).isEqualTo(12);
        assertThat(ctx.argumentCount()).isEqualTo(5);
        assertThat(ctx.receiver()).isEqualTo("comm");
        assertThat(ctx.request()).isNull();
    }
}
