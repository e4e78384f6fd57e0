package org.qmpi4j.agent.internal.chain;

import java.lang.invoke.MethodHandle;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.agent.internal.binding.Role;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.QmpiContext;

/**
 * One intercepted call: its site, its arguments and whether the binding has run. It is both the
 * QMPI context and the {@link MpiCall} tools see, so an intercepted call costs one object plus its
 * argument array.
 *
 * <p>The binding runs at most once per context; if the chain never reaches it (a faulty tool) the
 * agent runs it. Its result, not a tool's, is what the application gets back.
 */
public final class CallContext implements MpiCall, QmpiContext {
    private final CallTarget target;
    private final MethodHandle binding; // target.binding(), read once

    private final Object[] args; // receiver first for instance methods
    private boolean bindingCalled;
    private boolean bindingFailed;
    /** What the binding returned, or the exception it threw if {@link #bindingFailed}: one field keeps the context small. */
    private Object outcome;

    private long bytes = -1;

    CallContext(CallTarget target, Object[] args) {
        this.target = target;
        this.binding = target.binding();
        this.args = args;
    }

    // ---- the binding ----------------------------------------------------------------------

    Object invokeBinding() throws Exception {
        if (bindingCalled) {
            throw new IllegalStateException("the chain reached MPI twice for one " + target.function() + " call");
        }
        bindingCalled = true;
        try {
            Object returned = binding.invokeExact(args);
            outcome = returned;
            return returned;
        } catch (Throwable t) {
            outcome = t;
            bindingFailed = true;
            throw rethrow(t);
        }
    }

    boolean bindingCalled() {
        return bindingCalled;
    }

    /** Whether {@code t} is the exception MPI itself threw for this call. */
    boolean isBindingFailure(Throwable t) {
        return bindingFailed && t == outcome;
    }

    /** After a fault of a tool or the agent: run the binding if nothing has, else give back what it returned or threw. */
    Object completeAfterFault() throws Exception {
        if (!bindingCalled) {
            return invokeBinding();
        }
        if (bindingFailed) {
            throw rethrow((Throwable) outcome);
        }
        return outcome;
    }

    /**
     * Ends the call for the application: MPI's exception if it threw one (even if a tool swallowed
     * it), else MPI's result.
     */
    Object finish() throws Throwable {
        if (bindingFailed) {
            throw (Throwable) outcome;
        }
        return outcome;
    }

    /** Throws {@code t} unchecked; the declared return type lets callers write {@code throw rethrow(t)}. */
    static RuntimeException rethrow(Throwable t) {
        CallContext.<RuntimeException>sneaky(t);
        return null;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneaky(Throwable t) throws T {
        throw (T) t;
    }

    // ---- MpiCall ----------------------------------------------------------------------------

    @Override
    public MpiFunction function() {
        return target.function();
    }

    @Override
    public CallingAddress callingAddress() {
        return target.callingAddress();
    }

    @Override
    public String binding() {
        return target.mapping().binding().id();
    }

    @Override
    public Object receiver() {
        return target.mapping().isStatic() ? null : args[0];
    }

    @Override
    public int argumentCount() {
        return args.length - offset();
    }

    @Override
    public Object argument(int i) {
        if (i < 0 || i >= argumentCount()) {
            throw new IndexOutOfBoundsException("argument " + i + " of " + argumentCount());
        }
        return args[i + offset()];
    }

    @Override
    public Object communicator() {
        return role(Role.COMM);
    }

    @Override
    public Object buffer() {
        return role(Role.BUFFER);
    }

    @Override
    public int count() {
        return intRole(Role.COUNT);
    }

    @Override
    public Object datatype() {
        return role(Role.DATATYPE);
    }

    @Override
    public int peer() {
        return intRole(Role.PEER);
    }

    @Override
    public int tag() {
        return intRole(Role.TAG);
    }

    @Override
    public Object request() {
        return role(Role.REQUEST);
    }

    @Override
    public Object result() {
        return bindingFailed ? null : outcome;
    }

    @Override
    public long bytes() {
        long b = bytes;
        if (b < 0) {
            int count = count();
            Object type = datatype();
            b = count == ABSENT || count <= 0 || type == null ? 0 : (long) count * target.datatypeSize(type);
            bytes = b;
        }
        return b;
    }

    private int offset() {
        return target.mapping().isStatic() ? 0 : 1;
    }

    private Object role(Role r) {
        int at = target.mapping().role(r);
        if (at == MethodMapping.NONE) {
            return null;
        }
        if (at == MethodMapping.RECEIVER) {
            return args[0];
        }
        if (at == MethodMapping.RETURN) {
            return result();
        }
        return args[at + offset()];
    }

    private int intRole(Role r) {
        Object v = role(r);
        return v instanceof Integer ? (Integer) v : ABSENT;
    }

    @Override
    public String toString() {
        return target.function() + " at " + target.callingAddress();
    }
}
