package org.qmpi4j.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether the agent knows a variant's tools, asked the agent itself: {@link ToolCheck} under the
 * variant's {@code -javaagent} option. Bundled tools (profiler, tracer) may not be in this agent
 * build yet; such a variant is then skipped with {@code n/a: tool not available}, not failed.
 */
public final class ToolAvailability {
    private static final String UNKNOWN_TOOL = "qmpi4j: unknown tool";
    private static final Map<String, String> CACHE = new ConcurrentHashMap<>();

    private ToolAvailability() {}

    /**
     * {@code null} if the variant can run, else why not ({@code "n/a: tool not available (...)"}).
     * Variants without the agent, or with only the benchmarks' own tool, are not checked.
     *
     * @throws IllegalStateException if the check fails for another reason than an unknown tool
     */
    public static String unavailable(Variant v) {
        if (!v.usesAgent() || v.otherTools().isEmpty()) {
            return null;
        }
        String answer = CACHE.computeIfAbsent(String.join(",", v.tools()), k -> check(v));
        return answer.isEmpty() ? null : answer;
    }

    /**
     * The variants of {@code variants} that can run, in order; each other one is put in
     * {@code unavailable} (id to reason) and said on {@code progress} as {@code [tag] label: why}.
     */
    public static List<Variant> runnable(
            List<Variant> variants, Map<String, String> unavailable, PrintStream progress, String tag) {
        List<Variant> runnable = new ArrayList<>();
        for (Variant v : variants) {
            String why = unavailable(v);
            if (why != null) {
                unavailable.put(v.id(), why);
                progress.println("[" + tag + "] " + v.label() + ": " + why);
            } else {
                runnable.add(v);
            }
        }
        return runnable;
    }

    private static String check(Variant v) {
        List<String> cmd = new ArrayList<>();
        cmd.add(BenchEnvironment.java().toString());
        cmd.add(v.javaagentOption(BenchEnvironment.agentJar(), BenchEnvironment.toolsJar()));
        cmd.add("-cp");
        cmd.add(ownClassPath());
        cmd.add(ToolCheck.class.getName());
        Path dir = Scratch.directory("qmpi4j-bench-check");
        JavaProcess.Outcome o;
        try {
            o = JavaProcess.run(cmd, dir, Duration.ofMinutes(1));
        } finally {
            Scratch.delete(dir);
        }
        if (o.ok()) {
            return "";
        }
        for (String line : o.stderr.split("\n")) {
            if (line.startsWith(UNKNOWN_TOOL)) {
                // "qmpi4j: unknown tool 'x' in the tool list (...). Available tools: ..."
                int end = line.indexOf(" in the tool list");
                String what = line.substring("qmpi4j: ".length(), end < 0 ? line.length() : end)
                        .trim();
                return "n/a: tool not available (the agent says: " + what + ")";
            }
        }
        throw new IllegalStateException("checking the tools of " + v + " failed\n" + o.describe());
    }

    /** This JVM's class path: the fake binding and {@link ToolCheck} are on it. */
    static String ownClassPath() {
        // Absolute: the check runs in another working directory, where a relative entry finds nothing.
        StringBuilder b = new StringBuilder();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (b.length() > 0) {
                b.append(java.io.File.pathSeparator);
            }
            b.append(
                    entry.isEmpty()
                            ? entry
                            : java.nio.file.Paths.get(entry).toAbsolutePath().toString());
        }
        return b.toString();
    }
}
