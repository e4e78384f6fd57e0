package org.qmpi4j.agent.internal.chain;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.qmpi4j.agent.internal.access.BindingAccess;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.agent.internal.config.ProcessSettings;
import org.qmpi4j.agent.internal.jit.JitSpecialisation;
import org.qmpi4j.agent.internal.telemetry.CallMonitor;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.mpit.MpitRegistry;
import org.qmpi4j.mpit.ObjectKinds;

/**
 * Builds an {@link MpiProcess} for tests: a binding and its loader are required; everything else
 * defaults to a fresh collaborator of its own (no binding access, an empty tool registry, faults
 * reported into nothing, its own monitor and MPI_T registry, default settings) and the agent's own
 * specialisation for the JIT.
 */
public final class MpiProcessBuilder {
    private final BindingDescriptor binding;
    private final ClassLoader loader;
    private ToolRegistry registry = new ToolRegistry();
    private ToolFaults faults =
            new ToolFaults(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    private @Nullable BindingAccess access;
    private final CallRoute route = new CallRoute(new CallMonitor());
    private final CallSites sites = new CallSites(JitSpecialisation.INSTANCE);

    private MpiProcessBuilder(BindingDescriptor binding, ClassLoader loader) {
        this.binding = binding;
        this.loader = loader;
    }

    public static MpiProcessBuilder of(BindingDescriptor binding, ClassLoader loader) {
        return new MpiProcessBuilder(binding, loader);
    }

    MpiProcessBuilder tools(ToolRegistry registry) {
        this.registry = registry;
        return this;
    }

    /** How the process reaches its binding by function name (default: it cannot). */
    MpiProcessBuilder access(BindingAccess access) {
        this.access = access;
        return this;
    }

    public MpiProcessBuilder faults(ToolFaults faults) {
        this.faults = faults;
        return this;
    }

    /** The way the built process's calls take, which a test's call targets give their calls. */
    public CallRoute route() {
        return route;
    }

    /** The built process's call sites. */
    public CallSites sites() {
        return sites;
    }

    /** The process, once per builder: its route and sites are the builder's. */
    public MpiProcess build() {
        MpitRegistry mpit = new MpitRegistry(ObjectKinds.ANY);
        return new MpiProcess(
                binding,
                loader,
                access,
                registry,
                faults,
                route,
                sites,
                () -> mpit,
                new ProcessSettings(new AgentConfig(null, Map.of(), Map.of())),
                JitSpecialisation.INSTANCE);
    }
}
