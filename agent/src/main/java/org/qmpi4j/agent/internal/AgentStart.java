package org.qmpi4j.agent.internal;

import java.lang.instrument.Instrumentation;
import org.qmpi4j.agent.CallSiteBootstrap;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.chain.QmpiBackendImpl;
import org.qmpi4j.agent.internal.chain.ToolRegistry;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.agent.internal.instrument.CallSiteTransformer;
import org.qmpi4j.agent.internal.instrument.LinkerContract;
import org.qmpi4j.agent.internal.link.CallSiteLinker;
import org.qmpi4j.agent.internal.runtime.AgentRuntime;
import org.qmpi4j.api.internal.QmpiBackend;
import org.qmpi4j.api.internal.log.Log;

/**
 * The agent's start inside its own class loader. The visible premain class
 * ({@code org.qmpi4j.agent.Agent}) knows only this class by name and calls its two public methods
 * reflectively: everything else of the agent stays out of the application's sight.
 */
public final class AgentStart {
    private AgentStart() {}

    /**
     * What every rewritten call site's bootstrap delegates to: {@link CallSiteLinker}, whose
     * parameters are those of {@link LinkerContract#BOOTSTRAP_DESCRIPTOR}.
     */
    public static CallSiteBootstrap.Linker linker() {
        return CallSiteLinker.INSTANCE;
    }

    /**
     * Reads the settings, installs the backend of the tool API, registers the tools it finds, and
     * installs the transformer that rewrites the application's MPI call sites. Never throws: a
     * broken agent leaves the application running unobserved.
     */
    public static void start(String args, Instrumentation inst) {
        Log log = Log.agent();
        try {
            AgentConfig config = AgentConfig.fromJvm(args);
            Log.setVerbose(config.verbose());
            AgentRuntime runtime = new AgentRuntime(config, BindingCatalog.load());
            AgentRuntime.install(runtime);
            QmpiBackend.install(new QmpiBackendImpl(ToolRegistry.global(), runtime, runtime.catalog()));
            // Without a tool list or tool path, discovery waits until a tool is asked for (a
            // tool list set through MPI_T before MPI_Init): a job that never names one never pays.
            boolean deferred = config.tools().isEmpty() && config.toolPath().isEmpty();
            ToolDiscovery tools = deferred ? null : ToolDiscovery.discover(config.toolPath());
            // Checked once every declaration is known: the agent's, and the tools' only when the
            // agent's own do not cover every argument.
            if (config.unknownKeys(java.util.Collections.emptyList()) != null) {
                if (tools == null) {
                    tools = ToolDiscovery.discover(config.toolPath());
                }
                String unknown = config.unknownKeys(tools.declaredSettings());
                if (unknown != null) {
                    log.oncePerJob("unknown agent arguments", unknown); // every rank has the same argument
                }
            }
            if (tools == null) {
                ToolRegistry.global().deferDiscovery(new ToolDiscovery.Deferred(config.toolPath()));
            }
            ToolDiscovery excluded = tools != null ? tools : ToolDiscovery.none();
            CallSiteTransformer transformer =
                    CallSiteTransformer.create(runtime.catalog(), excluded.toolPackages(), excluded.toolLoader());
            inst.addTransformer(transformer, false);
            openNioToAgent(inst);
            Runtime.getRuntime().addShutdownHook(new ExitReport(runtime, transformer, config.verbose()));
            log.info("agent started; tools " + config.tools() + " (" + config.toolsSource() + ")");
        } catch (Throwable t) {
            log.warn("the agent could not start and is inactive; the application runs unobserved: " + t);
        }
    }

    /**
     * Opens {@code java.nio} to this class loader's module (the agent's internals and bundled
     * tools), and to no other: {@code check} reads a direct buffer's native address, the one a
     * binding's JNI code hands MPI, to see that two slices of one buffer overlap. The application's
     * view of {@code java.base} is unchanged. Without it, buffers are compared by identity.
     */
    private static void openNioToAgent(Instrumentation inst) {
        Module base = Object.class.getModule();
        Module agent = AgentStart.class.getModule();
        if (inst.isModifiableModule(base) && !base.isOpen("java.nio", agent)) {
            try {
                inst.redefineModule(
                        base,
                        java.util.Set.of(),
                        java.util.Map.of(),
                        java.util.Map.of("java.nio", java.util.Set.of(agent)),
                        java.util.Set.of(),
                        java.util.Map.of());
            } catch (RuntimeException refused) {
                Log.agent()
                        .info("java.nio stays closed to the agent; check compares direct buffers by identity: "
                                + refused);
            }
        }
    }

    /** At JVM exit: MPI_T closes, and the rewriting summary is printed when something was missed. */
    private static final class ExitReport extends Thread {
        private final AgentRuntime runtime;
        private final CallSiteTransformer transformer;
        private final boolean verbose;

        ExitReport(AgentRuntime runtime, CallSiteTransformer transformer, boolean verbose) {
            super("qmpi4j-exit-report");
            this.runtime = runtime;
            this.transformer = transformer;
            this.verbose = verbose;
        }

        @Override
        public void run() {
            runtime.beginShutdown();
            transformer.reportAtExit(System.err, verbose);
        }
    }
}
