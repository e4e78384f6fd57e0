package org.qmpi4j.agent.internal.chain;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.qmpi4j.agent.internal.telemetry.CallObserver;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * The way one MPI process's calls take, and the call taking it, top to bottom: which functions go
 * through the tools and which are timed (the sealed chain, the Pcontrol level, whether a tool asked
 * for call times, what the process's MPI_T monitor watches), then {@link #dispatch}, which a linked
 * call site jumps to with the call's context (the site is bound to its process's route, see {@link
 * #dispatchHandle}), and the timed call. Everything an intercepted call reads before it reaches the
 * chain is a field of this one object; nothing here looks anything up.
 *
 * <p>In order, a timed call goes: {@link #dispatch} -> {@link #timed} (the entry instant, the
 * monitor's {@link CallObserver#enter}) -> the chain's entry ({@link NextFunction#invoke}, each tool,
 * {@link CallContext#reachBinding}) -> the monitor's {@link CallObserver#exit} -> {@link
 * CallContext#finish}, back to the call site.
 *
 * <p>Changed by the process's set-up only ({@link MpiProcess}: tools sealed, Pcontrol level, a
 * tool's request for call times); every field the call path reads is volatile, so a change is seen
 * by the next call.
 */
public final class CallRoute {
    /** {@code (CallRoute, CallContext)Object}: {@link #dispatch}, bound to each route on first use. */
    private static final MethodHandle DISPATCH = findDispatch();

    private final CallObserver observer;
    private volatile Chain chain = Chain.empty();
    private volatile boolean toolsInitialized;
    private volatile int pcontrolLevel = 1;
    /** {@code toolsInitialized && pcontrolLevel != 0}, kept in one field for the call path. */
    private volatile boolean toolsActive;

    private volatile boolean callTimes;
    /** {@link #DISPATCH} bound to this route, made on first use: most processes of a short job need none. */
    private volatile @Nullable MethodHandle dispatch;

    /** @param observer the agent's measurements of the process (MPI_T), the one way the call path reaches them */
    public CallRoute(CallObserver observer) {
        this.observer = observer;
    }

    // ---- the call --------------------------------------------------------------------------

    /**
     * An application call that some tool intercepts or that the agent's MPI_T variables watch:
     * measured if watched, through the chain if tools are on, to the binding in any case. The call
     * site made {@code ctx} (of its binding method's own class, see {@code jit.CallContextClasses}).
     *
     * <p>The unmeasured path is kept small and the measured one separate: the JIT compiles what
     * it inlines, and exception and measuring paths it never takes only get in the way.
     */
    @Nullable
    Object dispatch(CallContext ctx) throws Throwable {
        MpiFunction f = ctx.function();
        if (callTimes || observer.observes(f)) {
            return timed(f, ctx);
        }
        // Kept to the fewest levels and bytes, so that the JIT inlines the whole chain into the
        // call site: the chain's entry is a binding hop when no tool intercepts f.
        Object returned;
        try {
            returned = toolsActive ? chain.entries[f.ordinal()].invoke(ctx) : ctx.reachBinding();
        } catch (Throwable t) {
            returned = afterFailure(f, ctx, t);
        }
        return ctx.finish(returned);
    }

    /**
     * A call with entry and exit instants: some tool asked for them, or the agent's MPI_T
     * variables watch the function (then the monitor also sees the call, with the same instants).
     * A fault while measuring is the agent's, and the call goes on.
     */
    private @Nullable Object timed(MpiFunction f, CallContext ctx) throws Throwable {
        ctx.startClock();
        CallObserver monitor = observer;
        boolean watched = monitor.observes(f);
        long start = 0;
        if (watched) {
            try {
                start = monitor.enter(ctx);
            } catch (Throwable t) {
                start = measuringFault(f, t);
            }
        }
        Object returned;
        try {
            // as above: a function no tool intercepts has a binding hop for its entry
            returned = toolsActive ? chain.entries[f.ordinal()].invoke(ctx) : ctx.reachBinding();
        } catch (Throwable t) {
            returned = afterFailure(f, ctx, t);
        } finally {
            if (watched) {
                try {
                    monitor.exit(ctx, start);
                } catch (Throwable t) {
                    measuringFault(f, t);
                }
            }
        }
        return ctx.finish(returned);
    }

    /** Reports a fault of the monitor (kept out of line, as it never runs); returns the time instead. */
    private static long measuringFault(MpiFunction f, Throwable t) {
        AgentFaults.report("measuring " + f, t);
        return System.nanoTime();
    }

    /**
     * MPI's own exception, or one a tool failed the call with, stays for {@link CallContext#finish};
     * anything else is the agent's fault (tools' are contained per tool).
     */
    private static @Nullable Object afterFailure(MpiFunction f, CallContext ctx, Throwable t) throws Exception {
        if (ctx.isOutcome(t)) {
            return null;
        }
        AgentFaults.report("dispatching " + f, t);
        return ctx.completeAfterFault();
    }

    // ---- the way calls take ----------------------------------------------------------------

    /**
     * {@code (CallContext)Object}: {@link #dispatch} of this route, which the linker points the
     * process's sites at, so that a call is handed its route rather than looking it up. Racing
     * first uses make equal handles; either is right.
     */
    public MethodHandle dispatchHandle() {
        MethodHandle h = dispatch;
        if (h == null) {
            h = DISPATCH.bindTo(this);
            dispatch = h;
        }
        return h;
    }

    /** Whether calls of {@code f} go through tools now (initialised, not switched off by Pcontrol 0, intercepted). */
    public boolean routesThroughTools(MpiFunction f) {
        return toolsActive && chain.intercepts(f);
    }

    /**
     * Whether call sites of {@code f} must reach the agent: for tools, or for the agent's own MPI_T
     * measurements; otherwise they call the binding directly.
     */
    public boolean routesThroughAgent(MpiFunction f) {
        return routesThroughTools(f) || observer.observes(f);
    }

    /** Whether calls of {@code f} take entry and exit instants: asked for by a tool, or watched by MPI_T. */
    public boolean timesCalls(MpiFunction f) {
        return callTimes || observer.observes(f);
    }

    /** The sealed chain (empty until the tools are initialised). */
    public Chain chain() {
        return chain;
    }

    /** Whether tools see calls now: initialised, and not switched off by {@code MPI_Pcontrol(0)}. */
    public boolean toolsActive() {
        return toolsActive;
    }

    public boolean toolsInitialized() {
        return toolsInitialized;
    }

    public int pcontrolLevel() {
        return pcontrolLevel;
    }

    /** Whether some tool asked for each call's entry and exit instants ({@code Qmpi.requestCallTimes}). */
    public boolean callTimes() {
        return callTimes;
    }

    /** From {@code Qmpi.requestCallTimes}: the agent reads the clock at each call's entry and exit from now on. */
    void requestCallTimes() {
        callTimes = true;
    }

    /** The tools are initialised: calls take {@code sealed} from now on. */
    void seal(Chain sealed) {
        chain = sealed;
        toolsInitialized = true;
        toolsActive = pcontrolLevel != 0;
    }

    /** Sets the Pcontrol level; returns the one before. The caller holds the process's lock. */
    int pcontrol(int level) {
        int old = pcontrolLevel;
        pcontrolLevel = level;
        toolsActive = toolsInitialized && level != 0;
        return old;
    }

    CallObserver observer() {
        return observer;
    }

    private static MethodHandle findDispatch() {
        try {
            return MethodHandles.lookup()
                    .findVirtual(CallRoute.class, "dispatch", MethodType.methodType(Object.class, CallContext.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
