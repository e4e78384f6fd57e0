package org.qmpi4j.agent.internal.chain;

import java.util.Objects;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
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
 *
 * <p>Every intercepted call passes through one of these per tool, so the hot path is kept small
 * enough for the JIT to inline into the calling handler: one read of the sealed {@link Hop}, the
 * handler call, one check that the chain went on. Everything that only happens after a fault is in
 * separate methods the JIT leaves out of line.
 */
public class NextFunction implements ToolFunction {
    /** The sealed target, immutable: one volatile read gives handler and instance together. */
    static final class Hop {
        final @Nullable ToolInstance instance; // null: the binding
        final @Nullable ToolHandler handler; // null exactly when instance is null
        final int toolId;

        Hop(@Nullable ToolInstance instance, @Nullable ToolHandler handler) {
            this.instance = instance;
            this.handler = handler;
            this.toolId = instance == null ? 0 : instance.id();
        }
    }

    /** The function; {@code null} only for the binding's entry that every function shares (it has no tool). */
    final @Nullable MpiFunction function;
    /** The tool instance this is the next function of; {@code null} for where the chain starts. */
    final @Nullable ToolInstance owner;

    volatile @Nullable Hop hop; // null until the chain is sealed

    NextFunction(@Nullable MpiFunction function, @Nullable ToolInstance owner) {
        this.function = function;
        this.owner = owner;
    }

    /** The next function of {@code owner} for {@code f} in the class every position can share. */
    public static NextFunction generic(MpiFunction function, @Nullable ToolInstance owner) {
        return new NextFunction(function, owner);
    }

    void seal(@Nullable ToolInstance next) {
        this.hop = new Hop(next, next == null ? null : next.handler(named()));
    }

    @Override
    public int toolId() {
        return sealed().toolId;
    }

    @Override
    public boolean isBinding() {
        return sealed().instance == null;
    }

    /**
     * Continues {@code call} if it is the agent's (the call the handler got, or a changed copy of
     * it), else the call of {@code context}. A copy of another function goes on with the owner's
     * next function for that function.
     */
    @Override
    public @Nullable Object invoke(QmpiContext context, MpiCall call) throws Exception {
        CallContext ctx;
        if (call instanceof CallContext) {
            ctx = (CallContext) call;
        } else if (context instanceof CallContext) {
            ctx = (CallContext) context;
        } else {
            throw new IllegalArgumentException("context must be the QmpiContext the handler received");
        }
        if (ctx.function() != function) {
            return redirect(ctx);
        }
        return invoke(ctx);
    }

    // The two invoke methods are copied into a class per chain position (jit.ChainStepClasses): whatever
    // they call must not be private, since the copies run in a subclass.
    public @Nullable Object invoke(CallContext ctx) throws Exception {
        Hop h = hop;
        ToolHandler handler;
        if (h == null) {
            throw notSealed();
        }
        if ((handler = h.handler) == null) {
            return ctx.reachBinding();
        }
        Object returned;
        try {
            returned = handler.intercept(ctx, h.toolId, ctx);
        } catch (Throwable thrown) {
            return afterThrow(h.instance, ctx, thrown);
        }
        if (!ctx.continued()) {
            return afterSkip(h.instance, ctx);
        }
        return ctx.accepts(returned) ? returned : afterWrongResult(h.instance, ctx, returned);
    }

    /** A copy of the call as another function: on through the tools after the owner for that function. */
    @Nullable
    Object redirect(CallContext ctx) throws Exception {
        MpiFunction f = ctx.function();
        NextFunction n = owner == null ? ctx.route().chain().entry(f) : owner.next(f);
        return n.invoke(ctx);
    }

    @Nullable
    Object afterWrongResult(@Nullable ToolInstance hopTool, CallContext ctx, @Nullable Object returned)
            throws Exception {
        ToolInstance tool = toolOf(hopTool);
        tool.faults()
                .fault(
                        tool,
                        named().name() + " handler",
                        new IllegalArgumentException("handler returned "
                                + (returned == null
                                        ? "null"
                                        : returned.getClass().getName())
                                + ", which the binding's method cannot return; MPI's result was used"));
        return ctx.completeAfterFault();
    }

    @Nullable
    Object afterThrow(@Nullable ToolInstance hopTool, CallContext ctx, Throwable thrown) throws Exception {
        if (ctx.isOutcome(thrown)) {
            // MPI's own exception, or the one a tool failed the call with: the application's business
            throw CallContext.rethrow(thrown);
        }
        ToolInstance tool = toolOf(hopTool);
        tool.faults().fault(tool, named().name() + " handler", thrown);
        return continueWithout(tool, ctx);
    }

    @Nullable
    Object afterSkip(@Nullable ToolInstance hopTool, CallContext ctx) throws Exception {
        ToolInstance tool = toolOf(hopTool);
        tool.faults()
                .fault(
                        tool,
                        named().name() + " handler",
                        new IllegalStateException("handler returned without continuing the chain"));
        return continueWithout(tool, ctx);
    }

    /**
     * After {@code faulty} failed: if the call has not reached MPI yet, nothing after the faulty
     * tool has seen it either (every later step completes the call before returning), so it goes on
     * from the faulty tool's successor, and the tools after it still see it. Otherwise MPI's result
     * or exception stands.
     */
    @Nullable
    Object continueWithout(ToolInstance faulty, CallContext ctx) throws Exception {
        if (!ctx.continued()) {
            return faulty.next(named()).invoke(ctx);
        }
        return ctx.completeAfterFault();
    }

    /** The function of a tool's next function: only the binding's shared entry has none, and it has no tool. */
    MpiFunction named() {
        return Objects.requireNonNull(function, "the binding's shared entry has no function");
    }

    /** A hop's tool where it has a handler: the two are null together. */
    static ToolInstance toolOf(@Nullable ToolInstance tool) {
        return Objects.requireNonNull(tool, "a hop with a handler has its tool");
    }

    Hop sealed() {
        Hop h = hop;
        if (h == null) {
            throw notSealed();
        }
        return h;
    }

    IllegalStateException notSealed() {
        return new IllegalStateException("the tool chain for " + function
                + " is not ready yet: every tool is still being initialised; call it from a handler");
    }
}
