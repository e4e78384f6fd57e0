package org.qmpi4j.api;

/**
 * The function to call next for one MPI function after a given tool instance: the next tool in the
 * user's order that intercepts it, or the binding itself. Obtained from
 * {@link Qmpi#getNextToolFunction}; the same object is returned for the same tool id and function
 * for the life of the process, so tools may look it up once in their initialisation callback.
 */
public interface ToolFunction {
    /** The id of the tool instance this function belongs to, or {@code 0} for the binding. */
    int toolId();

    /** Whether this is the binding itself (no further tool intercepts the function). */
    boolean isBinding();

    /**
     * Continues {@code call} with this function: the call the handler received, or a changed copy
     * of it ({@link MpiCall#withArgument}, {@link MpiCall#withFunction}, ...). A copy of another
     * function continues with the next tool for that function.
     *
     * @throws IllegalStateException when called before all tools are initialised
     * @throws Exception             whatever MPI throws, unchanged
     */
    @Nullable
    Object invoke(QmpiContext context, MpiCall call) throws Exception;
}
