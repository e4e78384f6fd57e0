package org.qmpi4j.it.tools;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.ToolProvider;

/**
 * Misbehaves on purpose: throws before continuing {@code MPI_SEND}, throws after continuing
 * {@code MPI_RECV}, returns without continuing {@code MPI_BARRIER}. The agent must still make each
 * call exactly once.
 */
public final class FaultyTool implements ToolProvider {
    @Override
    public String name() {
        return "faulty";
    }

    @Override
    public void initialize(int toolId) {
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_SEND, (context, id, call) -> {
            throw new RuntimeException("faulty tool");
        });
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_RECV, (context, id, call) -> {
            Qmpi.getNextToolFunction(id, call.function()).invoke(context, call);
            throw new RuntimeException("faulty tool");
        });
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_BARRIER, (context, id, call) -> null);
    }
}
