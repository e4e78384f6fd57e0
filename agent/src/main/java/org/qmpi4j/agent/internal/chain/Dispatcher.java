package org.qmpi4j.agent.internal.chain;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.qmpi4j.agent.internal.telemetry.CallObserver;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.internal.log.JobVoice;
import org.qmpi4j.api.internal.log.Log;

/**
 * Entry points that linked call sites jump to: an intercepted call, MPI initialisation (which
 * first initialises the tools), MPI finalisation (after which some settings cannot change) and
 * {@code MPI_Pcontrol} (which switches the tools off and on). The linker binds each handle here
 * to one call site's {@link CallTarget}; what happens to the call from then on is the chain's
 * business, so this class sits beside {@link CallContext}.
 */
public final class Dispatcher {
    /** {@code (CallContext)Object}: an intercepted call whose context the call site made. */
    public static final MethodHandle DISPATCH_CALL = findDispatchCall();

    private Dispatcher() {}

    /**
     * {@code (CallTarget, Object[])Object}: the entry method {@code name} ({@code init},
     * {@code finalizeMpi} or {@code pcontrol}) as a handle, for sites whose types the generated
     * entry-site classes (package {@code jit}) cannot name; made on demand, most processes never
     * need one.
     */
    public static MethodHandle entry(String name) {
        return find(name);
    }

    /** An intercepted call of a site without a context class of its own (see {@link #dispatch(CallContext)}). */
    static Object dispatch(CallTarget link, Object[] args) throws Throwable {
        boolean timed = link.process().timesCalls(link.function());
        return dispatch(timed ? new TimedCallContext(link, args) : new CallContext(link, args));
    }

    /**
     * An application call that some tool intercepts or that the agent's MPI_T variables watch:
     * measured if watched, through the chain if tools are on, to the binding in any case. The call
     * site made {@code ctx} (of its binding method's own class, see {@code jit.CallContextClasses}).
     *
     * <p>The unmeasured path is kept small and the measured one separate: the JIT compiles what
     * it inlines, and exception and measuring paths it never takes only get in the way.
     */
    static Object dispatch(CallContext ctx) throws Throwable {
        MpiProcess process = ctx.process();
        MpiFunction f = ctx.function();
        if (process.timesCalls(f)) {
            return timed(process, f, ctx);
        }
        // Kept to the fewest levels and bytes, so that the JIT inlines the whole chain into the
        // call site: the chain's entry is a binding hop when no tool intercepts f.
        Object returned;
        try {
            returned = process.toolsActive() ? process.chain().entry(f).invoke(ctx) : ctx.reachBinding();
        } catch (Throwable t) {
            returned = afterFailure(f, ctx, t);
        }
        return ctx.finish(returned);
    }

    /** What the chain returned: MPI's result, or what the first tool substituted for it. */
    private static Object route(MpiProcess process, MpiFunction f, CallContext ctx) throws Exception {
        return process.routesThroughTools(f) ? process.chain().entry(f).invoke(ctx) : ctx.reachBinding();
    }

    /**
     * MPI's own exception, or one a tool failed the call with, stays for {@link CallContext#finish};
     * anything else is the agent's fault (tools' are contained per tool).
     */
    private static Object afterFailure(MpiFunction f, CallContext ctx, Throwable t) throws Exception {
        if (ctx.isOutcome(t)) {
            return null;
        }
        AgentFaults.report("dispatching " + f, t);
        return ctx.completeAfterFault();
    }

    /**
     * A call with entry and exit instants: some tool asked for them, or the agent's MPI_T
     * variables watch the function (then the monitor also sees the call).
     */
    private static Object timed(MpiProcess process, MpiFunction f, CallContext ctx) throws Throwable {
        ctx.startClock();
        CallObserver monitor = process.observer();
        // one entry and one exit instant for the monitor (when it watches f) and every tool
        boolean watched = monitor.observes(f);
        long start = watched ? enter(monitor, ctx) : 0;
        Object returned;
        try {
            returned = route(process, f, ctx);
        } catch (Throwable t) {
            returned = afterFailure(f, ctx, t);
        } finally {
            if (watched) {
                exit(monitor, ctx, start);
            }
        }
        return ctx.finish(returned);
    }

    private static long enter(CallObserver monitor, CallContext ctx) {
        try {
            return monitor.enter(ctx);
        } catch (Throwable t) {
            AgentFaults.report("measuring " + ctx.function(), t);
            return System.nanoTime();
        }
    }

    private static void exit(CallObserver monitor, CallContext ctx, long start) {
        try {
            monitor.exit(ctx, start);
        } catch (Throwable t) {
            AgentFaults.report("measuring " + ctx.function(), t);
        }
    }

    /**
     * {@code MPI_INIT}/{@code MPI_INIT_THREAD}: QMPI's initialisation phase first (each listed tool
     * instance initialised), then MPI's own initialisation, through the now sealed chain.
     */
    static Object init(CallTarget link, Object[] args) throws Throwable {
        MpiProcess process = link.process();
        try {
            process.initializeTools(
                    process.settings().tools(), process.settings().toolsSource());
        } catch (UnknownToolException e) {
            // A job that asked for a profile must not run for hours without it: stop now, clearly,
            // and once per job. Before MPI_Init only the launcher's environment tells the rank. A
            // rank it names other than 0 waits for rank 0 to say it and fail, upon which the
            // launcher ends the job; it speaks itself only if it is still running long after.
            if (JobVoice.launcherRank(System.getenv()) > 0) {
                pauseForRankZero();
            }
            Log.agent().raw(e.getMessage());
            System.exit(1);
        } catch (Throwable t) {
            AgentFaults.report("initialising tools", t);
        }
        Object result = process.routesThroughAgent(link.function()) ? dispatch(link, args) : link.callBinding(args);
        JobVoice.worldRank(worldRank(process));
        return result;
    }

    private static void pauseForRankZero() {
        try {
            Thread.sleep(20_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * This process's rank in its world, straight from the binding (no tool sees the call), for the
     * lines only world rank 0 prints ({@link JobVoice}); -1 when it cannot be learned.
     */
    private static int worldRank(MpiProcess process) {
        try {
            Object rank = process.canonical(MpiFunction.MPI_COMM_RANK, null)
                    .callBinding(new Object[] {process.access().constant("COMM_WORLD")});
            return rank instanceof Number ? ((Number) rank).intValue() : -1;
        } catch (Throwable t) {
            return -1;
        }
    }

    /** {@code MPI_FINALIZE}: as any call, then the process is marked finalised. */
    static Object finalizeMpi(CallTarget link, Object[] args) throws Throwable {
        MpiProcess process = link.process();
        try {
            return process.routesThroughAgent(link.function()) ? dispatch(link, args) : link.callBinding(args);
        } finally {
            process.markFinalized();
        }
    }

    /**
     * {@code MPI_Pcontrol(level, ...)}: the tools see the call; level 0 then bypasses every tool
     * (sites relinked straight to the binding), any other level routes calls through them again.
     */
    static Object pcontrol(CallTarget link, Object[] args) throws Throwable {
        MpiProcess process = link.process();
        int offset = link.mapping().isStatic() ? 0 : 1;
        Object first = args.length > offset ? args[offset] : null;
        if (!process.toolsInitialized() || !(first instanceof Integer)) {
            return link.callBinding(args);
        }
        int level = (Integer) first;
        if (level == 0) {
            // The switch-off call itself still reaches tools that are on, so they see the region start.
            Object result = process.routesThroughAgent(MpiFunction.MPI_PCONTROL)
                    ? dispatch(link, args)
                    : link.callBinding(args);
            process.setPcontrolLevel(0);
            return result;
        }
        process.setPcontrolLevel(level);
        return process.routesThroughAgent(MpiFunction.MPI_PCONTROL) ? dispatch(link, args) : link.callBinding(args);
    }

    private static MethodHandle findDispatchCall() {
        try {
            return MethodHandles.lookup()
                    .findStatic(Dispatcher.class, "dispatch", MethodType.methodType(Object.class, CallContext.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static MethodHandle find(String name) {
        try {
            return MethodHandles.lookup()
                    .findStatic(
                            Dispatcher.class,
                            name,
                            MethodType.methodType(Object.class, CallTarget.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Dispatcher." + name + " not found", e);
        }
    }
}
