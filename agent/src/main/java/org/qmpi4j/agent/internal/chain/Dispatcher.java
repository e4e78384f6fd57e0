package org.qmpi4j.agent.internal.chain;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.JobVoice;
import org.qmpi4j.api.internal.log.Log;

/**
 * Entry points that the call sites of MPI's own life cycle jump to: MPI initialisation (which
 * first initialises the tools), MPI finalisation (after which some settings cannot change) and
 * {@code MPI_Pcontrol} (which switches the tools off and on). The linker binds each handle here
 * to one call site's {@link CallTarget}; the call itself then goes as any other
 * ({@link CallRoute#dispatch}).
 */
public final class Dispatcher {
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

    /** A call of an entry site that goes through the agent, as any other call ({@link CallRoute#dispatch}). */
    static @Nullable Object dispatch(CallTarget link, Object[] args) throws Throwable {
        CallRoute route = link.route();
        boolean timed = route.timesCalls(link.function());
        return route.dispatch(timed ? new TimedCallContext(link, args) : new CallContext(link, args));
    }

    /**
     * {@code MPI_INIT}/{@code MPI_INIT_THREAD}: QMPI's initialisation phase first (each listed tool
     * instance initialised), then MPI's own initialisation, through the now sealed chain.
     */
    static @Nullable Object init(CallTarget link, Object[] args) throws Throwable {
        MpiProcess process = link.process();
        try {
            process.initializeTools();
        } catch (UnknownToolException e) {
            // A job that asked for a profile must not run for hours without it: stop now, clearly,
            // and once per job. Before MPI_Init only the launcher's environment tells the rank. A
            // rank it names other than 0 waits for rank 0 to say it and fail, upon which the
            // launcher ends the job; it speaks itself only if it is still running long after.
            if (JobVoice.launcherRank(System.getenv()) > 0) {
                pauseForRankZero();
            }
            Log.agent().raw(String.valueOf(e.getMessage()));
            System.exit(1);
        } catch (Throwable t) {
            AgentFaults.report("initialising tools", t);
        }
        Object result =
                link.route().routesThroughAgent(link.function()) ? dispatch(link, args) : link.callBinding(args);
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
            Object rank = process.canonical(MpiFunction.MPI_COMM_RANK, MpiProcess.OWN_CALL)
                    .callBinding(new Object[] {process.access().constant("COMM_WORLD")});
            return rank instanceof Number ? ((Number) rank).intValue() : -1;
        } catch (Throwable t) {
            return -1;
        }
    }

    /** {@code MPI_FINALIZE}: as any call, then the process is marked finalised. */
    static @Nullable Object finalizeMpi(CallTarget link, Object[] args) throws Throwable {
        MpiProcess process = link.process();
        try {
            return link.route().routesThroughAgent(link.function()) ? dispatch(link, args) : link.callBinding(args);
        } finally {
            process.markFinalized();
        }
    }

    /**
     * {@code MPI_Pcontrol(level, ...)}: the tools see the call; level 0 then bypasses every tool
     * (sites relinked straight to the binding), any other level routes calls through them again.
     */
    static @Nullable Object pcontrol(CallTarget link, Object[] args) throws Throwable {
        MpiProcess process = link.process();
        int offset = link.mapping().isStatic() ? 0 : 1;
        Object first = args.length > offset ? args[offset] : null;
        if (!process.toolsInitialized() || !(first instanceof Integer)) {
            return link.callBinding(args);
        }
        int level = (Integer) first;
        if (level == 0) {
            // The switch-off call itself still reaches tools that are on, so they see the region start.
            Object result = link.route().routesThroughAgent(MpiFunction.MPI_PCONTROL)
                    ? dispatch(link, args)
                    : link.callBinding(args);
            process.setPcontrolLevel(0);
            return result;
        }
        process.setPcontrolLevel(level);
        return link.route().routesThroughAgent(MpiFunction.MPI_PCONTROL)
                ? dispatch(link, args)
                : link.callBinding(args);
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
