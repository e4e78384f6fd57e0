package org.qmpi4j.agent.internal.access;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.api.Nullable;

/**
 * One method of one process's copy of the binding, as the agent calls it: the receiver first for
 * instance methods, then the arguments, in one array. It knows nothing of the process or of who
 * calls it; {@code chain.CallTarget} adds that.
 */
public interface BindingMethod {
    /** What the binding's descriptor says of the method: its function and each argument's role. */
    MethodMapping mapping();

    /** The binding handle: the method as {@code (Object[])Object}, the receiver first for instance methods. */
    MethodHandle bindingHandle();

    /** Runs the method once; {@code args} holds the receiver first for instance methods. */
    default Object callBinding(Object[] args) throws Throwable {
        return bindingHandle().invokeExact(args);
    }

    /**
     * The method's own type, the receiver first for instance methods; {@code null} when unknown
     * (then replaced arguments are not checked before the call).
     */
    default @Nullable MethodType methodType() {
        return null;
    }
}
