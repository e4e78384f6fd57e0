package org.qmpi4j.agent.internal.link;

import java.util.Map;
import java.util.WeakHashMap;
import org.qmpi4j.agent.internal.AgentRuntime;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.chain.MpiProcess;
import org.qmpi4j.agent.internal.chain.ToolRegistry;
import org.qmpi4j.agent.internal.telemetry.ProcessTelemetry;

/**
 * Finds the MPI process a call site belongs to. A process is one copy of the binding's classes:
 * the class loader that defines the binding's constants class as seen from the caller. With Open
 * MPI that is one loader per JVM; MPJ Express' multicore mode gives each rank its own. The one
 * place where processes are built and wired to their telemetry.
 */
final class MpiProcesses {
    private static final Map<ClassLoader, MpiProcess> BY_LOADER = new WeakHashMap<>();

    private MpiProcesses() {}

    static MpiProcess forCaller(BindingDescriptor binding, Class<?> caller) throws ClassNotFoundException {
        String constants = binding.constantsClass().replace('/', '.');
        // Loading (not initialising) the binding class here is safe: we are in the application's
        // own execution, not inside a class file transformer.
        ClassLoader loader =
                Class.forName(constants, false, caller.getClassLoader()).getClassLoader();
        synchronized (BY_LOADER) {
            MpiProcess p = BY_LOADER.get(loader);
            if (p == null) {
                AgentRuntime runtime = AgentRuntime.current();
                ProcessTelemetry t = runtime.telemetryForNewProcess();
                p = new MpiProcess(
                        binding,
                        loader,
                        ReflectiveBindingAccess::new,
                        ToolRegistry.global(),
                        runtime.faults(),
                        t.monitor(),
                        t::registry,
                        t.settings());
                t.attach(p);
                t.monitor().attach(new BindingProbe(p), p::relinkAll);
                BY_LOADER.put(loader, p);
            }
            return p;
        }
    }
}
