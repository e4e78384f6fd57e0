package org.qmpi4j.bench.tools;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolProvider;

/**
 * {@code idle}: a tool that is there but intercepts only {@code MPI_ABORT}, which no benchmark
 * calls. With it the tool chain is initialised and non-empty, yet every function a benchmark calls
 * is "a function no tool registered for", whose call sites the agent links straight to the binding.
 */
public final class IdleTool implements ToolProvider {
    /** The only function it intercepts. */
    public static final MpiFunction INTERCEPTED = MpiFunction.MPI_ABORT;

    @Override
    public String name() {
        return "idle";
    }

    @Override
    public String description() {
        return "benchmark tool: intercepts only " + INTERCEPTED + ", which benchmarks never call";
    }

    @Override
    public void initialize(int toolId) {
        ToolFunction next = Qmpi.getNextToolFunction(toolId, INTERCEPTED);
        Qmpi.registerToolFunction(toolId, INTERCEPTED, (context, id, call) -> next.invoke(context, call));
    }
}
