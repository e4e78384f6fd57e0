package org.qmpi4j.tools;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;

/**
 * How the bundled tools register: one handler for each life-cycle function (initialisation,
 * finalisation, abort, Pcontrol) and one for every other MPI function, with the next function of
 * each looked up once (it is stable) into {@code next}, indexed by ordinal.
 */
public final class LifecycleHandlers {
    private LifecycleHandlers() {
    }

    public static void register(int toolId, ToolFunction[] next, ToolHandler init, ToolHandler finalizeMpi,
            ToolHandler abort, ToolHandler pcontrol, ToolHandler everyOther) {
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
