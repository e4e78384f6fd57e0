package org.qmpi4j.bench.tools;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolProvider;

/**
 * {@code pass}: the cheapest tool the API allows, so that benchmarks measure the chain, not a tool.
 * It intercepts every MPI function except {@code MPI_COMM_SIZE} and only continues the call, with
 * the next function looked up once at initialisation (as the API recommends when the call path
 * matters). {@code MPI_COMM_SIZE} is left out on purpose: it is the benchmarks' "function no tool
 * registered for" under a non-empty tool list. List it several times ({@code tools=pass,pass}) for
 * a longer chain; each occurrence is its own instance. (The integration tests' {@code passthrough}
 * tool, by contrast, forwards every function.)
 */
public final class ForwardAllButCommSizeTool implements ToolProvider {
    /** The function this tool never intercepts. */
    public static final MpiFunction NOT_INTERCEPTED = MpiFunction.MPI_COMM_SIZE;

    @Override
    public String name() {
        return "pass";
    }

    @Override
    public String description() {
        return "benchmark tool: continues every call except " + NOT_INTERCEPTED + ", does nothing else";
    }

    @Override
    public void initialize(int toolId) {
        for (MpiFunction f : MpiFunction.values()) {
            if (f != NOT_INTERCEPTED) {
                ToolFunction next = Qmpi.getNextToolFunction(toolId, f);
                Qmpi.registerToolFunction(toolId, f, (context, id, call) -> next.invoke(context, call));
            }
        }
    }
}
