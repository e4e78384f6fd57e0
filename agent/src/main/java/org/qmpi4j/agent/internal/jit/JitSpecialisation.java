package org.qmpi4j.agent.internal.jit;

import java.lang.invoke.MethodHandle;
import org.qmpi4j.agent.internal.chain.MpiProcess;
import org.qmpi4j.agent.internal.chain.NextFunction;
import org.qmpi4j.agent.internal.chain.Specialisation;
import org.qmpi4j.agent.internal.chain.ToolInstance;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.settings.Settings;

/**
 * The chain's specialisation for the JIT: a step class per chain position
 * ({@link ChainStepClasses}), a context class per binding method ({@link CallContextClasses}) and
 * the compiler directive ({@link InlineDirective}, when {@code jit-inline} allows it).
 */
public final class JitSpecialisation implements Specialisation {
    /** The one every process of the agent is assembled with. */
    public static final Specialisation INSTANCE = new JitSpecialisation();

    private JitSpecialisation() {}

    @Override
    public NextFunction nextFunction(MpiFunction f, @Nullable ToolInstance owner, int position) {
        return ChainStepClasses.create(f, owner, position);
    }

    @Override
    public MethodHandle contextFactory(MethodHandle bindingHandle, boolean timed) {
        return CallContextClasses.factory(bindingHandle, timed);
    }

    @Override
    public void toolsIntercept(MpiProcess process) {
        InlineDirective.schedule(process, Settings.current().get(AgentConfig.JIT_INLINE));
    }
}
