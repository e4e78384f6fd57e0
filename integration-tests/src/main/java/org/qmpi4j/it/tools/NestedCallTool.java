package org.qmpi4j.it.tools;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.ToolProvider;

/**
 * On {@code MPI_BARRIER}, first makes an {@code MPI_COMM_RANK} call of its own on the barrier's
 * communicator through the tools after it ({@link Qmpi#invokeNext}), then continues the barrier.
 */
public final class NestedCallTool implements ToolProvider {
    @Override
    public String name() {
        return "nested";
    }

    @Override
    public void initialize(int toolId) {
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_BARRIER, (context, id, call) -> {
            Object rank = Qmpi.invokeNext(context, id, MpiFunction.MPI_COMM_RANK, call.communicator());
            if (!(rank instanceof Integer)) {
                throw new IllegalStateException("nested MPI_COMM_RANK returned " + rank);
            }
            return Qmpi.getNextToolFunction(id, call.function()).invoke(context, call);
        });
    }
}
