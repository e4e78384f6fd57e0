package org.qmpi4j.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command and the variables {@code qmpi4j run} starts a job with, so that the agent and its
 * settings reach every rank: how depends on who starts the ranks' JVMs.
 *
 * <ul>
 *   <li>Open MPI's launchers ({@code mpirun}, {@code mpiexec}, {@code orterun}) pass a variable to
 *       the ranks only when named with {@code -x}: the agent goes in {@code JDK_JAVA_OPTIONS}, and
 *       every variable gets a {@code -x}, so ranks on other nodes and spawned processes have them too.
 *   <li>MPJ Express' launcher ({@code mpjrun.sh}, Debian's {@code mpjrun}): in niodev mode MPJ's
 *       daemons start the rank JVMs with the daemons' environment, not the launcher's, so a variable
 *       never reaches them. MPJ passes the JVM options on its command line to every rank JVM in both
 *       modes: the agent goes there, with the settings as its argument.
 *   <li>Any other command ({@code srun}, a plain {@code java} of MPJ's multicore mode) passes its
 *       environment on: {@code JDK_JAVA_OPTIONS} and the settings as variables.
 * </ul>
 */
final class JobLaunch {
    /** Open MPI's launchers: they pass a variable to the ranks only when named with {@code -x}. */
    static final List<String> OPEN_MPI_LAUNCHERS = List.of("mpirun", "mpiexec", "orterun");

    /** MPJ Express' launcher script, as MPJ ships it and as Debian installs it. */
    static final List<String> MPJ_LAUNCHERS = List.of("mpjrun.sh", "mpjrun");

    /**
     * UCX (Open MPI 5's default transport layer, optional in 4.1) installs handlers for SIGSEGV,
     * SIGBUS, SIGILL and SIGFPE in every rank at MPI_Init. The JVM raises SIGSEGV on purpose
     * (implicit null checks, safepoint and stack-bang pages) and handles it itself; with UCX's
     * handler in front, each such signal prints a UCX backtrace ("Caught signal 11") on the rank's
     * output before reaching the JVM, and at times the JVM takes it for a crash of its own and
     * aborts the rank. An empty list leaves those signals to the JVM (a rank that really crashes
     * still gets the JVM's hs_err report). Set unless the user set it, whatever the MPI library:
     * without UCX the variable means nothing, so no version needs detecting (not for MPJ Express'
     * launcher, whose ranks are pure Java).
     */
    static final String UCX_ERROR_SIGNALS = "UCX_ERROR_SIGNALS";

    private final List<String> command;
    private final Map<String, String> environment;

    private JobLaunch(List<String> command, Map<String, String> environment) {
        this.command = command;
        this.environment = environment;
    }

    /**
     * For the job {@code command}, with the agent jar, the settings as {@code QMPI4J_*} variables
     * (name to value, in order) and the environment this command runs in.
     */
    static JobLaunch of(List<String> command, Path agent, Map<String, String> settings, Map<String, String> env)
            throws UserError {
        return of(command, agent, List.of(), settings, env);
    }

    /**
     * As {@link #of(List, Path, Map, Map)}, with JVM options for the ranks after the agent in
     * {@code JDK_JAVA_OPTIONS} (not for MPJ Express' launcher, which gets only the agent).
     */
    static JobLaunch of(
            List<String> command,
            Path agent,
            List<String> jvmOptions,
            Map<String, String> settings,
            Map<String, String> env)
            throws UserError {
        String launcher = Path.of(command.get(0)).getFileName().toString();
        if (MPJ_LAUNCHERS.contains(launcher)) {
            List<String> cmd = new ArrayList<>(command);
            cmd.add(1, "-javaagent:" + agent + "=" + agentArgument(settings));
            return new JobLaunch(cmd, new LinkedHashMap<>(settings));
        }
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("JDK_JAVA_OPTIONS", jdkJavaOptions(agent, jvmOptions, env.get("JDK_JAVA_OPTIONS")));
        vars.putAll(settings);
        if (!env.containsKey(UCX_ERROR_SIGNALS)) {
            vars.put(UCX_ERROR_SIGNALS, "");
        }
        List<String> cmd = new ArrayList<>(command);
        if (OPEN_MPI_LAUNCHERS.contains(launcher)) {
            int at = 1;
            for (String v : vars.keySet()) {
                cmd.add(at++, "-x");
                cmd.add(at++, v);
            }
        }
        return new JobLaunch(cmd, vars);
    }

    /** The command to start. */
    List<String> command() {
        return command;
    }

    /** Variables to add to the started command's environment. */
    Map<String, String> environment() {
        return environment;
    }

    /** The agent after what is there already; JDK_JAVA_OPTIONS honours quotes around a path with spaces. */
    static String jdkJavaOptions(Path agent, String existing) {
        return jdkJavaOptions(agent, List.of(), existing);
    }

    /** The agent and then {@code more} after what is there already, each quoted if it has a space. */
    static String jdkJavaOptions(Path agent, List<String> more, String existing) {
        List<String> options = new ArrayList<>();
        options.add(quoted("-javaagent:" + agent));
        for (String o : more) {
            options.add(quoted(o));
        }
        String added = String.join(" ", options);
        return existing == null || existing.isBlank() ? added : existing.trim() + " " + added;
    }

    private static String quoted(String option) {
        return option.contains(" ") ? "\"" + option + "\"" : option;
    }

    /**
     * {@code QMPI4J_TOOLS=a,b} and so on as the agent's argument {@code tools=a,b;...}. A value with
     * {@code ;} would split into two settings there: refused, as MPJ's launcher has no other way.
     */
    static String agentArgument(Map<String, String> settings) throws UserError {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            if (e.getValue().contains(";")) {
                throw new UserError("'" + e.getValue() + "' contains ';', which MPJ Express' launcher cannot pass on"
                        + " (the agent's settings are separated by ';' there); choose another path");
            }
            String name = e.getKey().substring("QMPI4J_".length()).toLowerCase(java.util.Locale.ROOT);
            parts.add(name + "=" + e.getValue());
        }
        return String.join(";", parts);
    }
}
