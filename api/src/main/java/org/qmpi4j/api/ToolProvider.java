package org.qmpi4j.api;

/**
 * A tool that the agent discovers with {@link java.util.ServiceLoader}: list the implementing class
 * in {@code META-INF/services/org.qmpi4j.api.ToolProvider} of the tool's jar. Put the jar in the
 * agent's tool path ({@code toolpath=} agent argument, {@code qmpi4j.toolpath} property or
 * {@code QMPI4J_TOOLPATH}) or on the application's class path.
 *
 * <p>The provider is instantiated once, before the application's {@code main}; it is registered
 * under {@link #name()} as if by {@link Qmpi#registerToolName}. It must have a public no-argument
 * constructor and must not touch MPI in it.
 */
public interface ToolProvider extends ToolInitializer {
    /** The unique name users write in the tool list, e.g. {@code "profiler"}. Letters, digits, {@code -}, {@code _}, {@code .}. */
    String name();

    /** One line for the list of available tools shown when a user names an unknown tool. */
    default String description() {
        return "";
    }
}
