package org.qmpi4j.agent.internal.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.internal.settings.AgentArgument;
import org.qmpi4j.api.output.OutputDirectory;
import org.qmpi4j.api.settings.Setting;
import org.qmpi4j.api.settings.Settings;

/**
 * The agent's own settings, declared once here (the shared {@code output} is declared by
 * {@link OutputDirectory#SETTING}, which the bundled tools read too), and read through
 * {@link Settings}: agent argument, system property, environment, first non-blank wins.
 */
public final class AgentConfig {
    public static final Setting<List<String>> TOOLS = Setting.list(
            "tools",
            "tool names in order, separated by `,` or `:`. The first listed sees each call first. A name may appear"
                    + " more than once: each occurrence is its own instance with its own id and storage. An unknown"
                    + " name stops the program at `MPI.Init` with a message naming it and listing the available tools");
    public static final Setting<List<Path>> TOOLPATH = Setting.pathList(
            "toolpath", "jars or directories (separated by `:`) holding more tools, found with `ServiceLoader`");
    public static final Setting<Boolean> VERBOSE = Setting.flag(
            "verbose",
            "print what the agent rewrote at start and a summary at exit, and the stack trace of each fault reported");
    /** When the agent asks HotSpot to inline its call path ({@code jit.InlineDirective}). */
    public static final Setting<String> JIT_INLINE = Setting.string(
            "jit-inline",
            "10",
            "seconds after `MPI_Init` at which the agent asks HotSpot (a compiler directive, in a background"
                    + " thread) to inline its call path into call sites, so that an intercepted call allocates"
                    + " nothing; `off` leaves the JIT's own choice");

    /** Every setting the agent itself reads, in the order of the settings table in docs/user-guide.md. */
    public static final List<Setting<?>> DECLARED =
            List.of(TOOLS, TOOLPATH, VERBOSE, OutputDirectory.SETTING, JIT_INLINE);

    private final Settings settings;

    public AgentConfig(Settings settings) {
        this.settings = settings;
    }

    /** From the given sources (tests); bad values are reported once through the agent's logger. */
    public AgentConfig(@Nullable String agentArgs, Map<String, String> sysProps, Map<String, String> env) {
        this(Settings.of(agentArgs, sysProps::get, env::get, line -> Log.agent().once("setting: " + line, line)));
    }

    /**
     * Configuration from this JVM's agent argument, system properties and environment. Publishes
     * the agent argument first, so that tools reading {@link Settings#current()} see it too.
     */
    public static AgentConfig fromJvm(@Nullable String agentArgs) {
        AgentArgument.publish(agentArgs);
        return new AgentConfig(Settings.current());
    }

    public Settings settings() {
        return settings;
    }

    /**
     * The line reporting agent argument keys that no one declared, or {@code null} if all are
     * known: the agent's own and those of {@code toolSettings}, the discovered tools'.
     */
    public @Nullable String unknownKeys(Collection<Setting<?>> toolSettings) {
        List<Setting<?>> known = new ArrayList<>(DECLARED);
        known.addAll(toolSettings);
        List<String> unknown = settings.unknownAgentArguments(known);
        return unknown.isEmpty() ? null : Settings.unknownAgentArgumentsLine(unknown, known);
    }

    /** Tool names in order; empty if none listed. */
    public List<String> tools() {
        return Objects.requireNonNull(settings.get(TOOLS), "a list setting defaults to empty");
    }

    /** Where the tool list came from, for messages. */
    public String toolsSource() {
        String s = settings.describe(TOOLS);
        return s.equals("default") ? "no tool list given" : s;
    }

    public List<Path> toolPath() {
        return Objects.requireNonNull(settings.get(TOOLPATH), "a list setting defaults to empty");
    }

    public boolean verbose() {
        return Boolean.TRUE.equals(settings.get(VERBOSE)); // a flag: never null, off by default
    }

    /** Where tools write results; empty for their default. */
    public String outputDirectory() {
        String dir = settings.get(OutputDirectory.SETTING);
        return dir == null ? "" : dir;
    }
}
