package org.qmpi4j.it.tools;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.ToolProvider;

/**
 * {@code hang-in-finalize}: on the rank named by the environment variable
 * {@code QMPI4J_IT_HANG_RANK} (Open MPI's world rank), {@code MPI_Finalize} never returns: the call
 * stops in this tool, after the tools before it in the chain have done their part, as a library
 * whose finalize hangs would stop it. Listed after the bundled tools, it makes the job hang in
 * {@code MPI_Finalize} after their results were gathered; the other ranks then wait in the real
 * {@code MPI_Finalize} for this one. Every other call, and every other rank, goes on unchanged.
 */
public final class HangInFinalizeTool implements ToolProvider {
    @Override
    public String name() {
        return "hang-in-finalize";
    }

    @Override
    public void initialize(int toolId) {
        String hanging = System.getenv("QMPI4J_IT_HANG_RANK");
        boolean here = hanging != null && hanging.equals(System.getenv("OMPI_COMM_WORLD_RANK"));
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_FINALIZE, (context, id, call) -> {
            if (here) {
                System.err.println("QMPI4J-HANGING in MPI_Finalize");
                System.err.flush();
                while (true) {
                    Thread.sleep(60_000);
                }
            }
            return Qmpi.getNextToolFunction(id, call.function()).invoke(context, call);
        });
    }
}
