package org.qmpi4j.agent.internal.link;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/** Method-handle adapters of the linker: a binding method spread over an array, a site collected into one. */
final class HandleAdapters {
    static final MethodType GENERIC = MethodType.methodType(Object.class, Object[].class);

    private HandleAdapters() {}

    /** {@code original} as {@code (Object[])Object}, the array holding the receiver first if any. */
    static MethodHandle spread(MethodHandle original) {
        int n = original.type().parameterCount();
        // one adaptation (spread with casts), then the return boxed: each layer is a level the JIT
        // must inline through, and the intercept path is counted against its depth limit
        return original.asSpreader(Object[].class, n).asType(GENERIC);
    }

    /**
     * {@code entry(leading..., Object[] args)} shaped as a call site of {@code siteType}: the
     * leading values become constants of the handle (so the JIT folds them where it inlines it),
     * the site's arguments are boxed into the array, the result unboxed or dropped.
     */
    static MethodHandle collecting(MethodHandle entry, MethodType siteType, Object... leading) {
        MethodHandle bound = java.lang.invoke.MethodHandles.insertArguments(entry, 0, leading);
        return bound.asCollector(Object[].class, siteType.parameterCount()).asType(siteType);
    }
}
