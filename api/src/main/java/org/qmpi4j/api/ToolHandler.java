package org.qmpi4j.api;

/**
 * A tool's interception function for one or more MPI functions, registered with
 * {@link Qmpi#registerToolFunction}. It runs in the thread that made the MPI call, possibly in many
 * threads at once under {@code MPI_THREAD_MULTIPLE}.
 *
 * <p>A handler continues the call through the rest of the chain, which ends in the binding:
 * <pre>{@code
 * (context, toolId, call) -> {
 *     long t0 = System.nanoTime();
 *     Object result = Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
 *     record(call, System.nanoTime() - t0);
 *     return result;
 * }
 * }</pre>
 * The MPI call happens exactly once whatever a handler does: if a handler throws, or returns
 * without continuing, the agent counts and reports the fault once and makes the call itself.
 * Exceptions thrown by MPI itself pass through handlers to the application unchanged.
 *
 * <p>A handler may also change the call: continue a copy with other arguments or as another
 * function, return another result, fail the call with the binding's exception or complete it
 * without MPI on purpose; {@link MpiCall} describes each.
 */
@FunctionalInterface
public interface ToolHandler {
    /**
     * @param context the call's context, for {@link Qmpi#getToolStorage} and friends
     * @param toolId  the id of the tool instance being called (the one this handler was registered for)
     * @param call    the call and its arguments
     * @return the value returned by the next function, or a substitute of the method's return type
     *         (the tool before this one, or the application, gets it)
     * @throws Exception whatever the next function threw (MPI's own exceptions must propagate)
     */
    @Nullable
    Object intercept(QmpiContext context, int toolId, MpiCall call) throws Exception;
}
