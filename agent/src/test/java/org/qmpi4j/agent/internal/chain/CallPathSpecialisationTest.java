package org.qmpi4j.agent.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.agent.internal.jit.ChainStepClasses;
import org.qmpi4j.agent.internal.jit.InlineDirective;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.ToolFunction;

/**
 * The parts of the intercept path that exist for the JIT: a step class per chain position, a
 * context class per binding method, and the compiler directive. Each must behave exactly as the
 * generic path it specialises.
 */
class CallPathSpecialisationTest {
    private static final BindingDescriptor OPENMPI =
            Objects.requireNonNull(BindingCatalog.load().descriptor("openmpi"));
    private static final MethodMapping RANK = Objects.requireNonNull(OPENMPI.canonical(MpiFunction.MPI_COMM_RANK));

    private final ToolRegistry registry = new ToolRegistry();
    private final MpiProcessBuilder built =
            MpiProcessBuilder.of(OPENMPI, getClass().getClassLoader()).tools(registry);
    private final MpiProcess process = built.build();
    private final CallRoute route = built.route();

    @Test
    void everyChainPositionHasAStepClassOfItsOwnWithTheSameBehaviour() throws Throwable {
        List<Integer> ids = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        registry.register(
                "t",
                id -> {
                    ids.add(id);
                    ToolFunction next = registry.instance(id).next(MpiFunction.MPI_COMM_RANK);
                    registry.instance(id).registerHandlerFromTool(MpiFunction.MPI_COMM_RANK, (ctx, toolId, call) -> {
                        seen.add("t" + toolId);
                        return next.invoke(ctx, call);
                    });
                },
                "test tool");
        process.initializeTools(List.of("t", "t", "t"), "test");

        NextFunction entry = route.chain().entry(MpiFunction.MPI_COMM_RANK);
        List<Class<?>> classes = new ArrayList<>();
        classes.add(entry.getClass());
        for (int id : ids) {
            classes.add(registry.instance(id).next(MpiFunction.MPI_COMM_RANK).getClass());
        }
        assertThat(classes).doesNotHaveDuplicates().allSatisfy(c -> {
            assertThat(c.getSuperclass()).isEqualTo(NextFunction.class);
            assertThat(c.getName()).startsWith(NextFunction.class.getName() + "$At");
        });

        RankTarget target = new RankTarget();
        CallContext ctx = new CallContext(target, new Object[] {"comm"});
        assertThat(entry.invoke(ctx)).isEqualTo(5);
        assertThat(seen).containsExactly("t" + ids.get(0), "t" + ids.get(1), "t" + ids.get(2));
        assertThat(target.runs).isEqualTo(1);
    }

    @Test
    void positionsBeyondTheLimitShareTheGenericStep() {
        NextFunction n = ChainStepClasses.create(MpiFunction.MPI_SEND, null, ChainStepClasses.LIMIT);
        assertThat(n.getClass()).isEqualTo(NextFunction.class);
    }

    @Test
    void aBindingMethodsOwnContextClassCallsItsBindingAndTimesOnlyWhenAsked() throws Throwable {
        RankTarget target = new RankTarget();
        MethodType siteMethod = MethodType.methodType(int.class, Object.class);
        MethodHandle plain = built.sites().contextFactory(RANK.id(), siteMethod, target.bindingHandle(), false);
        MethodHandle timed = built.sites().contextFactory(RANK.id(), siteMethod, target.bindingHandle(), true);
        assertThat(built.sites().contextFactory(RANK.id(), siteMethod, target.bindingHandle(), false))
                .isSameAs(plain);
        MpiProcessBuilder otherRank =
                MpiProcessBuilder.of(OPENMPI, getClass().getClassLoader()).tools(new ToolRegistry());
        otherRank.build();
        assertThat(otherRank.sites().contextFactory(RANK.id(), siteMethod, target.bindingHandle(), false))
                .as("each process (an MPJ multicore rank has its own binding) has its own")
                .isNotSameAs(plain);

        CallContext untimed = (CallContext) plain.invokeExact((CallTarget) target, new Object[] {"comm"});
        assertThat(untimed).isNotInstanceOf(TimedCallContext.class);
        assertThat(untimed.getClass().getName()).contains("$Bound");
        assertThat(untimed.reachBinding()).isEqualTo(5);
        assertThat(untimed.entryNanos()).isEqualTo(MpiCall.NO_TIME);

        CallContext withTimes = (CallContext) timed.invokeExact((CallTarget) target, new Object[] {"comm"});
        assertThat(withTimes).isInstanceOf(TimedCallContext.class);
        withTimes.startClock();
        assertThat(withTimes.reachBinding()).isEqualTo(5);
        assertThat(withTimes.exitNanos()).isGreaterThanOrEqualTo(withTimes.entryNanos());
        assertThat(withTimes.entryNanos()).isNotEqualTo(MpiCall.NO_TIME);
        assertThat(target.runs).isEqualTo(2);
    }

    @Test
    void theDirectiveSettingReadsSecondsOrOff() {
        assertThat(InlineDirective.delayMillis("off")).isEqualTo(-1);
        assertThat(InlineDirective.delayMillis(" OFF ")).isEqualTo(-1);
        assertThat(InlineDirective.delayMillis("0")).isZero();
        assertThat(InlineDirective.delayMillis("2.5")).isEqualTo(2500);
        assertThat(InlineDirective.delayMillis(null)).isEqualTo(10_000);
        assertThat(InlineDirective.delayMillis("soon")).isEqualTo(10_000);
        assertThat(InlineDirective.delayMillis("-3")).isEqualTo(10_000);
    }

    @Test
    void hotSpotAcceptsTheDirective() throws Exception {
        assertThat(InlineDirective.add()).contains("1 compiler directives added");
    }

    /** {@code getRank} of a fake binding: counts its runs, returns 5. */
    static final class RankTarget implements CallTarget {
        int runs;

        @Override
        public MpiFunction function() {
            return MpiFunction.MPI_COMM_RANK;
        }

        @Override
        public MethodMapping mapping() {
            return RANK;
        }

        @Override
        public CallingAddress callingAddress() {
            return new CallingAddress("app.Main", "main", "Main.java", 3);
        }

        @Override
        public MpiProcess process() {
            throw new UnsupportedOperationException("not needed here");
        }

        @Override
        public CallRoute route() {
            throw new UnsupportedOperationException("not needed here");
        }

        @Override
        public long datatypeSize(Object datatype) {
            return 0;
        }

        @Override
        public MethodHandle bindingHandle() {
            try {
                return MethodHandles.lookup().bind(this, "rank", MethodType.methodType(Object.class, Object[].class));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }

        Object rank(Object[] args) {
            runs++;
            return 5;
        }
    }
}
