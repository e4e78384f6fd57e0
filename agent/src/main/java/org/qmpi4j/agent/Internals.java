package org.qmpi4j.agent;

import java.lang.instrument.Instrumentation;
import java.net.URL;
import java.security.CodeSource;
import org.qmpi4j.api.Nullable;

/**
 * The door from the visible entry classes to the agent's sealed internals: finds the agent's own
 * class loader (once) and calls the internal entry points by name. Nothing here names an internal
 * type, so the application's class loaders never resolve one.
 */
final class Internals {
    /** The one internal class the visible part knows, by name. */
    static final String START_CLASS = "org.qmpi4j.agent.internal.AgentStart";

    static final String COMMANDS_CLASS = "org.qmpi4j.agent.internal.JarCommands";

    private static @Nullable ClassLoader loader; // guarded by Internals.class

    private Internals() {}

    /**
     * The loader of the internals: the sealed agent jar's own {@link AgentClassLoader}, or, when
     * this class was not loaded from a sealed jar (the project's unit tests), this class's loader.
     */
    static synchronized ClassLoader loader() throws Exception {
        if (loader == null) {
            ClassLoader visible = Internals.class.getClassLoader();
            CodeSource source = Internals.class.getProtectionDomain().getCodeSource();
            URL location = source == null ? null : source.getLocation();
            ClassLoader sealed = AgentClassLoader.forJar(location, visible);
            loader = sealed != null ? sealed : visible;
        }
        return loader;
    }

    static Class<?> startClass() throws Exception {
        return Class.forName(START_CLASS, true, loader());
    }

    /** The internal linker every rewritten call site's bootstrap delegates to. */
    static CallSiteBootstrap.Linker linker() throws Throwable {
        return (CallSiteBootstrap.Linker) startClass().getMethod("linker").invoke(null);
    }

    static void start(String args, Instrumentation inst) throws Exception {
        startClass().getMethod("start", String.class, Instrumentation.class).invoke(null, args, inst);
    }

    static int runCommand(String[] args) throws Exception {
        Class<?> command = Class.forName(COMMANDS_CLASS, true, loader());
        return (Integer) command.getMethod("run", String[].class, java.io.PrintStream.class, java.io.PrintStream.class)
                .invoke(null, args, System.out, System.err);
    }
}
