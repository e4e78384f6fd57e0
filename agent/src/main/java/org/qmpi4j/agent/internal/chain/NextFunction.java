package org.qmpi4j.agent.internal.chain;

import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;

/**
 * What {@code getNextToolFunction(toolId, f)} returns: a stable object, created once per tool
 * instance and function, whose target (the next instance's handler, or the binding) is filled in
 * when the chain is sealed. Tools may therefore look it up during their own initialisation, before
 * later instances have registered their handlers.
 *
 * <p>This is also where tool faults are contained: whatever a handler throws, other than MPI's own
 * exception passing back through it, is counted, and the call is completed without it.
 */
public final class NextFunction implements ToolFunction {
    private final MpiFunction function;
    private volatile ToolInstance target;  // null with sealed == true means: the binding
    private volatile ToolHandler handler;
    private volatile boolean sealed;

    NextFunction(MpiFunction function) {
        this.function = function;
    }

    void seal(ToolInstance next) {
        this.target = next;
        this.handler = next == null ? null : next.handler(function);
        this.sealed = true;
    }

    @Override
    public int toolId() {
        requireSealed();
        ToolInstance t = target;
        return t == null ? 0 : t.id();
    }

    @Override
    public boolean isBinding() {
        requireSealed();
        return target == null;
    }

    @Override
    public Object invoke(QmpiContext context, MpiCall call) throws Exception {
        if (!(context instanceof CallContext)) {
            throw new IllegalArgumentException("context must be the QmpiContext the handler received");
        }
        return invoke((CallContext) context);
    }

    public Object invoke(CallContext ctx) throws Exception {
        ToolHandler h = handler;
        if (h == null) {
            requireSealed();
            return ctx.invokeBinding();
        }
        ToolInstance t = target;
        Object returned;
        try {
            returned = h.intercept(ctx, t.id(), ctx);
        } catch (Throwable thrown) {
            if (ctx.isBindingFailure(thrown)) {
                throw CallContext.rethrow(thrown); // MPI's own exception: the application's business
            }
            t.process().faults().fault(t, function.name() + " handler", thrown);
            return continueWithout(t, ctx);
        }
        if (!ctx.bindingCalled()) {
            t.process().faults().fault(t, function.name() + " handler",
                    new IllegalStateException("handler returned without continuing the chain"));
            return continueWithout(t, ctx);
        }
        return returned;
    }

    /**
     * After {@code faulty} failed: if the call has not reached MPI yet, nothing after the faulty
     * tool has seen it either (every later step completes the call before returning), so it goes on
     * from the faulty tool's successor, and the tools after it still see it. Otherwise MPI's result
     * or exception stands.
     */
    private Object continueWithout(ToolInstance faulty, CallContext ctx) throws Exception {
        if (!ctx.bindingCalled()) {
            return faulty.next(function).invoke(ctx);
        }
        return ctx.completeAfterFault();
    }

    private void requireSealed() {
        if (!sealed) {
            throw new IllegalStateException("the tool chain for " + function
                    + " is not ready yet: every tool is still being initialised; call it from a handler");
        }
    }
}
