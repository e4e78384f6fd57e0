package org.qmpi4j.tools.output;

import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.output.LifecycleHandlers;

/**
 * The handlers of a bundled tool's life-cycle calls, registered in one piece: {@code MPI_Init}
 * (and {@code MPI_Init_thread}), {@code MPI_Finalize}, {@code MPI_Abort} and {@code MPI_Pcontrol}
 * go to the tool's {@link Calls}, every other function to its own handler. That handler stays a
 * class of each tool's own: a handler class shared by the tools would give the JIT one profile for
 * every tool's calls, and a call site that sees several tools is not inlined. The life-cycle calls
 * run once or a few times, so sharing their dispatch costs nothing.
 */
public final class ToolLifecycle {
    /** What a tool does at each life-cycle call; each runs the rest of the chain itself. */
    public interface Calls {
        @Nullable
        Object init(QmpiContext context, MpiCall call) throws Exception;

        @Nullable
        Object finalizeMpi(QmpiContext context, MpiCall call) throws Exception;

        @Nullable
        Object abort(QmpiContext context, MpiCall call) throws Exception;

        @Nullable
        Object pcontrol(QmpiContext context, MpiCall call) throws Exception;
    }

    private ToolLifecycle() {}

    /**
     * Fills {@code next} with the next tool's function of each MPI function and registers
     * {@code calls} for the life-cycle calls and {@code everyOther} for the rest
     * ({@link LifecycleHandlers#register}).
     */
    public static void register(int toolId, ToolFunction[] next, Calls calls, ToolHandler everyOther) {
        LifecycleHandlers.register(
                toolId,
                next,
                new Role(calls, MpiFunction.MPI_INIT),
                new Role(calls, MpiFunction.MPI_FINALIZE),
                new Role(calls, MpiFunction.MPI_ABORT),
                new Role(calls, MpiFunction.MPI_PCONTROL),
                everyOther);
    }

    /**
     * One life-cycle call's handler. A named class, not a lambda: each lambda is linked at its
     * first use by spinning a hidden class, time taken from every short job's start.
     */
    private static final class Role implements ToolHandler {
        private final Calls calls;
        private final MpiFunction role;

        Role(Calls calls, MpiFunction role) {
            this.calls = calls;
            this.role = role;
        }

        @Override
        public @Nullable Object intercept(QmpiContext context, int id, MpiCall call) throws Exception {
            switch (role) {
                case MPI_INIT:
                    return calls.init(context, call);
                case MPI_FINALIZE:
                    return calls.finalizeMpi(context, call);
                case MPI_ABORT:
                    return calls.abort(context, call);
                default:
                    return calls.pcontrol(context, call);
            }
        }
    }
}
