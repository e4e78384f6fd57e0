package org.qmpi4j.api;

import java.util.List;
import org.qmpi4j.api.settings.Setting;

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

    /**
     * The settings this tool reads (see {@link org.qmpi4j.api.settings}), declared as constants
     * of the tool. The agent asks every discovered tool before it checks the keys of its
     * argument, so a tool's own keys ({@code -javaagent:...=tools=mytool;mytool.limit=2g}) are
     * never reported as unknown; the {@code qmpi4j} command lists them too.
     */
    default List<Setting<?>> settings() {
        return List.of();
    }
}
