package org.qmpi4j.agent.internal.link;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/** Method-handle adapters of the linker: a call site's arguments collected into one array. */
final class HandleAdapters {
    private HandleAdapters() {}

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
