package org.qmpi4j.agent.internal.link;

import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;
import org.qmpi4j.agent.internal.access.BindingAccess;
import org.qmpi4j.agent.internal.access.ReflectiveBindingAccess;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.chain.CallRoute;
import org.qmpi4j.agent.internal.chain.CallSites;
import org.qmpi4j.agent.internal.chain.MpiProcess;
import org.qmpi4j.agent.internal.chain.ToolRegistry;
import org.qmpi4j.agent.internal.jit.JitSpecialisation;
import org.qmpi4j.agent.internal.runtime.AgentRuntime;
import org.qmpi4j.agent.internal.telemetry.BindingProbe;
import org.qmpi4j.agent.internal.telemetry.ProcessTelemetry;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.MpiT;

/**
 * Finds the MPI process a call site belongs to. A process is one copy of the binding's classes:
 * the class loader that defines the binding's constants class as seen from the caller. With Open
 * MPI that is one loader per JVM; MPJ Express' multicore mode gives each rank its own. The one
 * place where processes are assembled, from finished parts, and wired to their telemetry.
 */
final class MpiProcesses {
    /**
     * One process's parts by concern, as its call sites are given them: the process (for its tools
     * and entry sites), the way its calls take, its linked sites and its access to the binding.
     */
    static final class Parts {
        final MpiProcess process;
        final CallRoute route;
        final CallSites sites;
        final BindingAccess access;

        Parts(MpiProcess process, CallRoute route, CallSites sites, BindingAccess access) {
            this.process = process;
            this.route = route;
            this.sites = sites;
            this.access = access;
        }
    }

    private static final Map<ClassLoader, Parts> BY_LOADER = new WeakHashMap<>();

    private MpiProcesses() {}

    static Parts forCaller(BindingDescriptor binding, Class<?> caller) throws ClassNotFoundException {
        String constants = binding.constantsClass().replace('/', '.');
        // Loading (not initialising) the binding class here is safe: we are in the application's
        // own execution, not inside a class file transformer.
        ClassLoader loader =
                Class.forName(constants, false, caller.getClassLoader()).getClassLoader();
        synchronized (BY_LOADER) {
            Parts p = BY_LOADER.get(loader);
            if (p == null) {
                p = assemble(binding, loader);
                BY_LOADER.put(loader, p);
            }
            return p;
        }
    }

    private static Parts assemble(BindingDescriptor binding, ClassLoader loader) {
        AgentRuntime runtime = AgentRuntime.current();
        ProcessTelemetry t = runtime.telemetryForNewProcess();
        ReflectiveBindingAccess access = new ReflectiveBindingAccess(binding, loader);
        CallRoute route = new CallRoute(t.monitor());
        CallSites sites = new CallSites(JitSpecialisation.INSTANCE);
        MpiProcess p = new MpiProcess(
                binding,
                loader,
                access,
                ToolRegistry.global(),
                runtime.faults(),
                route,
                sites,
                new TelemetryRegistry(t),
                t.settings(),
                JitSpecialisation.INSTANCE);
        t.attach(p);
        t.monitor().attach(new BindingProbe(access), new Relinker(sites));
        return new Parts(p, route, sites, access);
    }

    // Named classes, not lambdas or method references: a short job that spins no lambda of its own
    // never starts the JDK's lambda machinery (and the JIT never compiles it).

    private static final class TelemetryRegistry implements Supplier<MpiT> {
        private final ProcessTelemetry telemetry;

        TelemetryRegistry(ProcessTelemetry telemetry) {
            this.telemetry = telemetry;
        }

        @Override
        public @Nullable MpiT get() {
            return telemetry.registry();
        }
    }

    private static final class Relinker implements Runnable {
        private final CallSites sites;

        Relinker(CallSites sites) {
            this.sites = sites;
        }

        @Override
        public void run() {
            sites.relinkAll();
        }
    }
}
