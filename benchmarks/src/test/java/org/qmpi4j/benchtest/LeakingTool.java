package org.qmpi4j.benchtest;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolProvider;

/** {@code leak}, for tests of the heap harness only: keeps 64 bytes for every MPI_SEND it sees. */
public final class LeakingTool implements ToolProvider {
    private final List<byte[]> kept = new ArrayList<>();

    @Override
    public String name() {
        return "leak";
    }

    @Override
    public void initialize(int toolId) {
        ToolFunction next = Qmpi.getNextToolFunction(toolId, MpiFunction.MPI_SEND);
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_SEND, (context, id, call) -> {
            synchronized (kept) {
                kept.add(new byte[64 - 16]);
            }
            return next.invoke(context, call);
        });
    }
}
