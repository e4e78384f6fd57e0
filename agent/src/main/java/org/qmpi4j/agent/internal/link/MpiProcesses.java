package org.qmpi4j.agent.internal.link;

import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;
import org.qmpi4j.agent.internal.access.ReflectiveBindingAccess;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.chain.MpiProcess;
import org.qmpi4j.agent.internal.chain.ToolRegistry;
import org.qmpi4j.agent.internal.jit.JitSpecialisation;
import org.qmpi4j.agent.internal.runtime.AgentRuntime;
import org.qmpi4j.agent.internal.telemetry.BindingProbe;
import org.qmpi4j.agent.internal.telemetry.ProcessTelemetry;
import org.qmpi4j.api.mpit.MpiT;

/**
 * Finds the MPI process a call site belongs to. A process is one copy of the binding's classes:
 * the class loader that defines the binding's constants class as seen from the caller. With Open
 * MPI that is one loader per JVM; MPJ Express' multicore mode gives each rank its own. The one
 * place where processes are assembled, from finished parts, and wired to their telemetry.
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
                ReflectiveBindingAccess access = new ReflectiveBindingAccess(binding, loader);
                p = new MpiProcess(
                        binding,
                        loader,
                        access,
                        ToolRegistry.global(),
                        runtime.faults(),
                        t.monitor(),
                        new TelemetryRegistry(t),
                        t.settings(),
                        JitSpecialisation.INSTANCE);
                t.attach(p);
                t.monitor().attach(new BindingProbe(access), new Relinker(p));
                BY_LOADER.put(loader, p);
            }
            return p;
        }
    }

    // Named classes, not lambdas or method references: a short job that spins no lambda of its own
    // never starts the JDK's lambda machinery (and the JIT never compiles it).

    private static final class TelemetryRegistry implements Supplier<MpiT> {
        private final ProcessTelemetry telemetry;

        TelemetryRegistry(ProcessTelemetry telemetry) {
            this.telemetry = telemetry;
        }

        @Override
        public MpiT get() {
            return telemetry.registry();
        }
    }

    private static final class Relinker implements Runnable {
        private final MpiProcess process;

        Relinker(MpiProcess process) {
            this.process = process;
        }

        @Override
        public void run() {
            process.relinkAll();
        }
    }
}
