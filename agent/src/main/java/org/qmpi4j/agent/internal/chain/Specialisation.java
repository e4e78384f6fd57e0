package org.qmpi4j.agent.internal.chain;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * The classes the chain is specialised with for the JIT (package {@code jit}: a step class per
 * chain position, a context class per binding method, the compiler directive), given to each
 * process when it is assembled. The chain works the same with {@link #GENERIC}, only without
 * the separate profiles and constant handles that let the JIT compile it into the call site.
 */
public interface Specialisation {
    /** The chain's own classes, no directive: what tests of the chain alone use. */
    Specialisation GENERIC = new Generic();

    /**
     * The next function of {@code owner} ({@code null}: the chain's entry) for {@code f}, at chain
     * position {@code position} (0 for the entry, {@code i + 1} after the {@code i}-th instance).
     */
    NextFunction nextFunction(MpiFunction f, @Nullable ToolInstance owner, int position);

    /**
     * {@code (CallTarget, Object[]) -> CallContext}: makes the context of one call through the
     * binding handle {@code bindingHandle}, a timed context if {@code timed}.
     */
    MethodHandle contextFactory(MethodHandle bindingHandle, boolean timed);

    /** Tools now intercept some function in {@code process}: the time to ask the JIT to inline the chain. */
    void toolsIntercept(MpiProcess process);

    /** {@link #GENERIC}: a named class, as nothing on the start path spins lambdas. */
    final class Generic implements Specialisation {
        private static final MethodHandle PLAIN = constructor(CallContext.class);
        private static final MethodHandle TIMED = constructor(TimedCallContext.class);

        private Generic() {}

        @Override
        public NextFunction nextFunction(MpiFunction f, @Nullable ToolInstance owner, int position) {
            return NextFunction.generic(f, owner);
        }

        @Override
        public MethodHandle contextFactory(MethodHandle bindingHandle, boolean timed) {
            return timed ? TIMED : PLAIN;
        }

        @Override
        public void toolsIntercept(MpiProcess process) {}

        private static MethodHandle constructor(Class<? extends CallContext> c) {
            try {
                return MethodHandles.lookup()
                        .findConstructor(c, MethodType.methodType(void.class, CallTarget.class, Object[].class))
                        .asType(MethodType.methodType(CallContext.class, CallTarget.class, Object[].class));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }
}
