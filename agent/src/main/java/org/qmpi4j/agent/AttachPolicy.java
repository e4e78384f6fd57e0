package org.qmpi4j.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;

/**
 * Whether a {@code -javaagent} of qmpi4j should attach, decided before anything of the agent loads.
 *
 * <ul>
 *   <li><b>Once per JVM.</b> The agent may arrive twice, typically from {@code JDK_JAVA_OPTIONS} (as
 *       the README suggests for {@code mpirun -x}) and from the command line. The JVM then calls
 *       premain twice, on the same class; the first attachment wins, the second is a no-op with one
 *       line saying so.</li>
 *   <li><b>Not into tools that merely pass by.</b> {@code JDK_JAVA_OPTIONS} and
 *       {@code JAVA_TOOL_OPTIONS} reach every {@code java} of the environment. When the agent came
 *       only from there (the process's own command line names no qmpi4j {@code -javaagent}) and the
 *       program is a JDK tool ({@code jdk.*}, {@code sun.*}, {@code com.sun.*} main classes or
 *       modules) or one of qmpi4j's own commands ({@code bin/qmpi4j}, the launcher, the agent jar's
 *       listing), the agent stays out, silently.</li>
 * </ul>
 */
final class AttachPolicy {
    private static final Object LOCK = new Object();
    private static @Nullable String firstArgs; // guarded by LOCK; null until attached
    private static boolean attached; // guarded by LOCK

    private static final List<String> JDK_PREFIXES = Arrays.asList("jdk.", "sun.", "com.sun.", "java.", "javax.");
    /**
     * qmpi4j's commands. Not the launcher's per-rank mains ({@code org.qmpi4j.launch.internal.*}):
     * those run the application's ranks and want the agent.
     */
    private static final List<String> OWN_COMMAND_PREFIXES =
            Arrays.asList("org.qmpi4j.cli.", "org.qmpi4j.launch.LaunchCommand", "org.qmpi4j.agent.Main");

    private static final List<String> OWN_COMMAND_JARS = Arrays.asList("qmpi4j-cli", "qmpi4j-launcher", "qmpi4j-agent");
    private static final List<String> ENVIRONMENT_VARIABLES = Arrays.asList("JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS");

    private final @Nullable List<String> commandLine;
    private final String javaCommand;
    private final Map<String, String> environment;

    /**
     * @param commandLine the process's own arguments as it was started ({@code /proc/self/cmdline}),
     *                    without what the launcher added from environment variables; {@code null}
     *                    when unknown
     * @param javaCommand the {@code sun.java.command} property: main class or jar, then arguments
     */
    AttachPolicy(@Nullable List<String> commandLine, @Nullable String javaCommand, Map<String, String> environment) {
        this.commandLine = commandLine;
        this.javaCommand = javaCommand == null ? "" : javaCommand;
        this.environment = environment;
    }

    static AttachPolicy ofThisJvm() {
        return new AttachPolicy(processCommandLine(), System.getProperty("sun.java.command"), System.getenv());
    }

    /**
     * Whether to attach; when refusing a second attachment, one line, by world rank 0 only (every
     * rank is started alike, so every rank would say it).
     */
    boolean admit(@Nullable String args, Log log) {
        synchronized (LOCK) {
            if (attached) {
                log.oncePerJob("second attachment", secondAttachmentLine(firstArgs, args));
                return false;
            }
            if (arrivedOnlyThroughEnvironment() && passingTool()) {
                return false;
            }
            attached = true;
            firstArgs = args == null ? "" : args;
            return true;
        }
    }

    static String secondAttachmentLine(@Nullable String first, @Nullable String second) {
        String s = second == null ? "" : second;
        String line = "the agent is already attached to this JVM; this further -javaagent is ignored";
        if (!s.equals(first)) {
            line += " with its arguments '" + s + "' (the first attachment's '" + first
                    + "' apply: give the agent once, or pass settings as QMPI4J_* variables)";
        }
        return line;
    }

    /** Whether no qmpi4j {@code -javaagent} stands on the process's own command line. */
    boolean arrivedOnlyThroughEnvironment() {
        if (commandLine != null) {
            for (String a : commandLine) {
                if (isQmpi4jAgentOption(a)) {
                    return false;
                }
            }
            return true;
        }
        // Without the process's own arguments: trust the environment variables' content.
        for (String name : ENVIRONMENT_VARIABLES) {
            String v = environment.get(name);
            if (v != null && v.contains("-javaagent:") && v.contains("qmpi4j")) {
                return true;
            }
        }
        return false;
    }

    static boolean isQmpi4jAgentOption(String arg) {
        if (!arg.startsWith("-javaagent:")) {
            return false;
        }
        String path = arg.substring("-javaagent:".length());
        int eq = path.indexOf('=');
        String jar = eq < 0 ? path : path.substring(0, eq);
        Path name = Paths.get(jar).getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).startsWith("qmpi4j");
    }

    /**
     * The JDK's source-file launcher ({@code java Prog.java}) is a JDK main class that runs the
     * user's program: not a tool to skip.
     */
    private static final String SOURCE_LAUNCHER = "com.sun.tools.javac.launcher.Main";

    /** Whether the program is a JDK tool or one of qmpi4j's own commands. */
    boolean passingTool() {
        String main = javaCommand.trim();
        int space = main.indexOf(' ');
        if (space >= 0) {
            main = main.substring(0, space);
        }
        if (main.endsWith(SOURCE_LAUNCHER)) {
            return false;
        }
        if (main.endsWith(".jar")) {
            Path name = Paths.get(main).getFileName();
            return name != null && startsWithAny(name.toString(), OWN_COMMAND_JARS);
        }
        int slash = main.indexOf('/');
        if (slash >= 0) { // module/main.Class
            String module = main.substring(0, slash);
            if (startsWithAny(module + ".", JDK_PREFIXES)) {
                return true;
            }
            main = main.substring(slash + 1);
        }
        return startsWithAny(main, JDK_PREFIXES) || startsWithAny(main, OWN_COMMAND_PREFIXES);
    }

    private static boolean startsWithAny(String s, List<String> prefixes) {
        for (String p : prefixes) {
            if (s.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** {@code /proc/self/cmdline}, or {@code null} where there is none. */
    private static @Nullable List<String> processCommandLine() {
        try {
            // a FileInputStream, not Files: java.nio's file channels are dozens of classes that no
            // short job without the agent loads
            byte[] raw;
            try (java.io.FileInputStream in = new java.io.FileInputStream("/proc/self/cmdline")) {
                raw = in.readAllBytes();
            }
            List<String> args = new ArrayList<>();
            int start = 0;
            for (int i = 0; i < raw.length; i++) {
                if (raw[i] == 0) {
                    args.add(new String(raw, start, i - start, StandardCharsets.UTF_8));
                    start = i + 1;
                }
            }
            if (start < raw.length) {
                args.add(new String(raw, start, raw.length - start, StandardCharsets.UTF_8));
            }
            return Collections.unmodifiableList(args);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
