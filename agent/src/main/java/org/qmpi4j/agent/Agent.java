package org.qmpi4j.agent;

import java.lang.instrument.Instrumentation;
import org.qmpi4j.api.internal.log.Log;

/**
 * Entry point of {@code -javaagent:qmpi4j-agent.jar[=args]}. Does as little as it can before the
 * application's {@code main}: decides whether to attach at all ({@link AttachPolicy}: once per
 * JVM, and not to JDK tools or qmpi4j's own commands reached through {@code JDK_JAVA_OPTIONS}),
 * then hands over to the agent's internals, which load in a class loader of their own. It never
 * lets an exception escape: a broken agent leaves the application running unobserved.
 */
public final class Agent {
    private Agent() {}

    public static void premain(String args, Instrumentation inst) {
        start(args, inst);
    }

    /** Attaching to a running JVM only rewrites classes loaded afterwards. */
    public static void agentmain(String args, Instrumentation inst) {
        start(args, inst);
    }

    private static void start(String args, Instrumentation inst) {
        Log log = Log.agent();
        try {
            if (!AttachPolicy.ofThisJvm().admit(args, log)) {
                return;
            }
            CallSiteBootstrap.install(Internals.linker());
            Internals.start(args, inst);
        } catch (Throwable t) {
            log.warn("the agent could not start and is inactive; the application runs unobserved: " + t);
        }
    }
}
