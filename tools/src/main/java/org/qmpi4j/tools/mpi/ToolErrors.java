package org.qmpi4j.tools.mpi;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;

/**
 * Makes MPI errors on a tool's own communicator return (as the binding's exception) instead of
 * ending the job. A duplicate inherits its parent's error handler when it is made, which for
 * {@code COMM_WORLD} at start-up is {@code MPI_ERRORS_ARE_FATAL}: a tool's message that MPI
 * refuses (an argument the application got wrong and the tool mirrored, a peer gone) would then
 * abort a job the application had told to return errors. Returned, the error reaches the tool's
 * handler, where the agent catches, counts and reports it once.
 */
public final class ToolErrors {
    private ToolErrors() {}

    /**
     * Sets {@code MPI_ERRORS_RETURN} on {@code toolComm}, a communicator only the tools use. Where
     * the binding can only set the handler of {@code COMM_WORLD} (MPJ Express' static MPI-1 call,
     * whose devices throw rather than abort anyway) nothing is done: the application's own
     * communicator is not the tools' to change. Any failure leaves the handler as it was.
     */
    public static void returnOn(int toolId, Object toolComm) {
        try {
            if (Qmpi.takesReceiver(toolId, MpiFunction.MPI_COMM_SET_ERRHANDLER)) {
                Qmpi.pmpi(
                        toolId,
                        MpiFunction.MPI_COMM_SET_ERRHANDLER,
                        toolComm,
                        Qmpi.bindingConstant(toolId, "ERRORS_RETURN"));
            }
        } catch (Exception | LinkageError e) {
            // The handler stays the inherited one: the tools worked that way before, and a
            // binding without the call or the constant can do no better.
        }
    }
}
