package org.qmpi4j.agent;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import org.qmpi4j.agent.internal.AgentRuntime;
import org.qmpi4j.agent.internal.ToolDiscovery;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.chain.QmpiBackendImpl;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.agent.internal.instrument.CallSiteTransformer;
import org.qmpi4j.api.internal.QmpiBackend;

/**
 * Entry point of {@code -javaagent:qmpi4j-agent.jar[=args]}. Does as little as it can before the
 * application's {@code main}: reads the settings, installs the backend of the tool API, registers
 * the tools it finds, and installs the transformer that rewrites the application's MPI call sites.
 * It never lets an exception escape: a broken agent leaves the application running unobserved.
 */
public final class Agent {
    private Agent() {
    }

    public static void premain(String args, Instrumentation inst) {
        start(args, inst);
    }

    /** Attaching to a running JVM only rewrites classes loaded afterwards. */
    public static void agentmain(String args, Instrumentation inst) {
        start(args, inst);
    }

    private static void start(String args, Instrumentation inst) {
        PrintStream err = System.err;
        try {
            AgentConfig config = AgentConfig.fromJvm(args);
            config.problems().forEach(p -> err.println("qmpi4j: " + p));
            AgentRuntime runtime = new AgentRuntime(config, BindingCatalog.load(), err);
            AgentRuntime.install(runtime);
            QmpiBackend.install(new QmpiBackendImpl());
            ToolDiscovery tools = ToolDiscovery.discover(config.toolPath(), err);
            CallSiteTransformer transformer = CallSiteTransformer.create(runtime, tools);
            inst.addTransformer(transformer, false);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                runtime.beginShutdown();
                transformer.reportAtExit(err, config.verbose());
            }, "qmpi4j-exit-report"));
            if (config.verbose()) {
                err.println("qmpi4j: agent started; tools " + config.tools() + " (" + config.toolsSource() + ")");
            }
        } catch (Throwable t) {
            err.println("qmpi4j: the agent could not start and is inactive; the application runs unobserved: " + t);
        }
    }
}
