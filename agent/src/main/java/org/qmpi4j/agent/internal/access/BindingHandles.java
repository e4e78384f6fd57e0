package org.qmpi4j.agent.internal.access;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/** Binding handles: a binding method as {@code (Object[])Object}, the shape the chain calls it in. */
public final class BindingHandles {
    public static final MethodType GENERIC = MethodType.methodType(Object.class, Object[].class);

    /** {@code original} as {@code (Object[])Object}, the array holding the receiver first if any. */
    public static MethodHandle spread(MethodHandle original) {
        int n = original.type().parameterCount();
        // one adaptation (spread with casts), then the return boxed: each layer is a level the JIT
        // must inline through, and the intercept path is counted against its depth limit
        return original.asSpreader(Object[].class, n).asType(GENERIC);
    }

    private BindingHandles() {}
}
