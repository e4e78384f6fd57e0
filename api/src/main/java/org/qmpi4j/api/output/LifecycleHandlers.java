package org.qmpi4j.api.output;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;

/**
 * The chain set-up of a tool that sees every MPI call: one handler for each life-cycle function
 * (initialisation, finalisation, abort, Pcontrol) and one for every other MPI function, with the
 * next function of each looked up once (it is stable) into an array indexed by
 * {@link MpiFunction#ordinal()}, so that a handler continues the chain with
 * {@code next[call.function().ordinal()].invoke(context, call)} and no lookup.
 */
public final class LifecycleHandlers {
    private LifecycleHandlers() {}

    /**
     * Registers the handlers of tool instance {@code toolId} for every MPI function; call it from
     * the tool's initialiser.
     *
     * @param next        filled with the next function of each {@link MpiFunction}, by ordinal;
     *                    {@code MpiFunction.values().length} long
     * @param init        for {@code MPI_INIT} and {@code MPI_INIT_THREAD}
     * @param finalizeMpi for {@code MPI_FINALIZE}
     * @param abort       for {@code MPI_ABORT}
     * @param pcontrol    for {@code MPI_PCONTROL}
     * @param everyOther  for every other function
     */
    public static void register(
            int toolId,
            ToolFunction[] next,
            ToolHandler init,
            ToolHandler finalizeMpi,
            ToolHandler abort,
            ToolHandler pcontrol,
            ToolHandler everyOther) {
        for (MpiFunction f : MpiFunction.values()) {
            next[f.ordinal()] = Qmpi.getNextToolFunction(toolId, f);
            ToolHandler h;
            switch (f) {
                case MPI_INIT:
                case MPI_INIT_THREAD:
                    h = init;
                    break;
                case MPI_FINALIZE:
                    h = finalizeMpi;
                    break;
                case MPI_ABORT:
                    h = abort;
                    break;
                case MPI_PCONTROL:
                    h = pcontrol;
                    break;
                default:
                    h = everyOther;
            }
            Qmpi.registerToolFunction(toolId, f, h);
        }
    }
}
