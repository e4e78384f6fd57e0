package org.qmpi4j.it.tools;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.ToolProvider;

/**
 * {@code passthrough}: intercepts every function and only continues the call, looking the next
 * function up on each call (the simplest form a tool author writes). Unlike the benchmarks'
 * {@code pass} tool, it leaves no function out: tests use it to show a chain changes nothing.
 */
public final class ForwardEveryCallTool implements ToolProvider {
    @Override
    public String name() {
        return "passthrough";
    }

    @Override
    public void initialize(int toolId) {
        for (MpiFunction f : MpiFunction.values()) {
            Qmpi.registerToolFunction(
                    toolId,
                    f,
                    (context, id, call) ->
                            Qmpi.getNextToolFunction(id, call.function()).invoke(context, call));
        }
    }
}
