package org.qmpi4j.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;

/**
 * The command and the variables {@code qmpi4j run} starts a job with, so that the agent and its
 * settings reach every rank: how depends on who starts the ranks' JVMs.
 *
 * <p>Where the job's command names the ranks' {@code java} ({@code mpirun ... java ...},
 * {@code srun ... java ...}, a plain {@code java}), the agent and the ranks' JVM options go on
 * that command line, right after {@code java}: there every rank's JVM reads them without a word,
 * where {@code JDK_JAVA_OPTIONS} (and {@code JAVA_TOOL_OPTIONS}) make every JVM print a
 * {@code Picked up ...} note on the rank's stderr, once per rank. Only a command that starts
 * {@code java} out of sight (a script) gets the agent in {@code JDK_JAVA_OPTIONS}, as does a job
 * run with {@code --agent-in-environment} (processes the ranks spawn then get it too).
 *
 * <ul>
 *   <li>Open MPI's launchers ({@code mpirun}, {@code mpiexec}, {@code orterun}) pass a variable to
 *       the ranks only when named with {@code -x}: every variable gets a {@code -x}, so ranks on
 *       other nodes and spawned processes have them too.
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
     * As {@link #of(List, Path, Map, Map)}, with JVM options for the ranks after the agent (not for
     * MPJ Express' launcher, which gets only the agent).
     */
    static JobLaunch of(
            List<String> command,
            Path agent,
            List<String> jvmOptions,
            Map<String, String> settings,
            Map<String, String> env)
            throws UserError {
        return of(command, agent, jvmOptions, settings, env, false);
    }

    /**
     * As {@link #of(List, Path, List, Map, Map)}; with {@code throughEnvironment} the agent goes in
     * {@code JDK_JAVA_OPTIONS} even where the command names {@code java}.
     */
    static JobLaunch of(
            List<String> command,
            Path agent,
            List<String> jvmOptions,
            Map<String, String> settings,
            Map<String, String> env,
            boolean throughEnvironment)
            throws UserError {
        String launcher = Path.of(command.get(0)).getFileName().toString();
        if (MPJ_LAUNCHERS.contains(launcher)) {
            List<String> cmd = new ArrayList<>(command);
            cmd.add(1, "-javaagent:" + agent + "=" + agentArgument(settings));
            return new JobLaunch(cmd, new LinkedHashMap<>(settings));
        }
        Map<String, String> vars = new LinkedHashMap<>();
        List<String> cmd = new ArrayList<>(command);
        List<Integer> javas = throughEnvironment ? List.of() : javaWords(command);
        if (javas.isEmpty()) {
            vars.put("JDK_JAVA_OPTIONS", jdkJavaOptions(agent, jvmOptions, env.get("JDK_JAVA_OPTIONS")));
        } else {
            List<String> options = new ArrayList<>();
            options.add("-javaagent:" + agent);
            options.addAll(jvmOptions);
            for (int i = javas.size() - 1; i >= 0; i--) {
                cmd.addAll(javas.get(i) + 1, options);
            }
            String own = env.get("JDK_JAVA_OPTIONS");
            if (own != null && !own.isBlank()) {
                vars.put("JDK_JAVA_OPTIONS", own); // the user's own, to ranks on every node as before
            }
        }
        vars.putAll(settings);
        if (!env.containsKey(UCX_ERROR_SIGNALS)) {
            vars.put(UCX_ERROR_SIGNALS, "");
        }
        if (OPEN_MPI_LAUNCHERS.contains(launcher)) {
            int at = 1;
            for (String v : vars.keySet()) {
                cmd.add(at++, "-x");
                cmd.add(at++, v);
            }
        }
        return new JobLaunch(cmd, vars);
    }

    /**
     * Where the command names the ranks' {@code java}: the launcher's program, if named
     * {@code java}, and again after each {@code :} that separates the programs of an Open MPI
     * command with several ({@code mpirun -np 1 java A : -np 2 java B}). The program is the first
     * word that is neither an option nor the value after one; so the {@code java} in
     * {@code srun -n 2 ./run.sh java} is the script's argument, not the program.
     */
    static List<Integer> javaWords(List<String> command) {
        List<Integer> at = new ArrayList<>();
        if (!command.isEmpty() && isJava(command.get(0))) {
            return List.of(0);
        }
        boolean looking = true;
        for (int i = 1; i < command.size(); i++) {
            String w = command.get(i);
            if (":".equals(w)) {
                looking = true;
            } else if (looking && !w.startsWith("-")) {
                if (isJava(w)) {
                    at.add(i);
                    looking = false;
                } else if (!command.get(i - 1).startsWith("-")) {
                    looking = false; // another program
                }
            }
        }
        return at;
    }

    private static boolean isJava(String word) {
        int slash = word.lastIndexOf('/');
        return "java".equals(slash < 0 ? word : word.substring(slash + 1));
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
    static String jdkJavaOptions(Path agent, @Nullable String existing) {
        return jdkJavaOptions(agent, List.of(), existing);
    }

    /** The agent and then {@code more} after what is there already, each quoted if it has a space. */
    static String jdkJavaOptions(Path agent, List<String> more, @Nullable String existing) {
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
            // QMPI4J_QUIET_RESULTS is the setting quiet-results: the names this command passes have no dots.
            String name = e.getKey()
                    .substring("QMPI4J_".length())
                    .toLowerCase(java.util.Locale.ROOT)
                    .replace('_', '-');
            parts.add(name + "=" + e.getValue());
        }
        return String.join(";", parts);
    }
}
