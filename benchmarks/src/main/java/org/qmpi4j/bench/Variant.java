package org.qmpi4j.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One configuration measured side by side with the others: without the agent, or with the agent
 * and a tool list (possibly empty), optionally with {@code MPI_Pcontrol(0)} called right after
 * {@code MPI.Init} (JMH only).
 */
public final class Variant {
    /** The benchmarks' own tools (see {@code org.qmpi4j.bench.tools}); every other name is bundled with the agent. */
    public static final String PASS_THROUGH = "pass";

    public static final String IDLE = "idle";
    /** Registers for the agent's send-started MPI_T event and intercepts nothing. */
    public static final String EVENTS = "events";

    private static final List<String> OWN_TOOLS = List.of(PASS_THROUGH, IDLE, EVENTS);

    private final String id;
    private final String label;
    private final List<String> tools; // null: no agent
    private final boolean pcontrolOff;

    private Variant(String id, String label, List<String> tools, boolean pcontrolOff) {
        this.id = id;
        this.label = label;
        this.tools = tools;
        this.pcontrolOff = pcontrolOff;
    }

    /** The application as it is, no {@code -javaagent}. */
    public static Variant noAgent(String id, String label) {
        return new Variant(id, label, null, false);
    }

    /** The agent with {@code tools} (comma-separated, may be empty). */
    public static Variant agent(String id, String label, String tools) {
        List<String> names = new ArrayList<>();
        for (String t : tools.split(",")) {
            if (!t.isBlank()) {
                names.add(t.trim());
            }
        }
        return new Variant(id, label, List.copyOf(names), false);
    }

    /** The same tools, switched off by {@code MPI.pControl(0, null)} right after {@code MPI.Init}. */
    public Variant pcontrolOff(String newId, String newLabel) {
        return new Variant(newId, newLabel, tools, true);
    }

    /** {@code pass4}, {@code profiler}, ...: how command lines name it. */
    public String id() {
        return id;
    }
    /** What tables call it. */
    public String label() {
        return label;
    }

    public boolean usesAgent() {
        return tools != null;
    }

    public List<String> tools() {
        return tools == null ? List.of() : tools;
    }

    public boolean pcontrolOff() {
        return pcontrolOff;
    }

    /** Whether it lists one of the benchmarks' own tools (which then need the tool path or class path). */
    public boolean usesOwnTools() {
        return tools().stream().anyMatch(OWN_TOOLS::contains);
    }

    /** Whether every tool it lists is the pass-through tool (known to intercept every function but one). */
    public boolean onlyPassThrough() {
        return !tools().isEmpty() && tools().stream().allMatch(PASS_THROUGH::equals);
    }

    /** Tools other than the benchmarks' own: those the agent must ship, and may not have yet. */
    public List<String> otherTools() {
        List<String> others = new ArrayList<>(tools());
        others.removeAll(OWN_TOOLS);
        return others;
    }

    /**
     * The {@code -javaagent:} option, or {@code null} without the agent. {@code toolPath}, if not
     * null, is added as {@code toolpath=} when the pass-through tool is listed.
     */
    public String javaagentOption(Path agentJar, Path toolPath) {
        if (!usesAgent()) {
            return null;
        }
        List<String> args = new ArrayList<>();
        if (!tools.isEmpty()) {
            args.add("tools=" + String.join(",", tools));
        }
        if (toolPath != null && usesOwnTools()) {
            args.add("toolpath=" + toolPath);
        }
        return "-javaagent:" + agentJar + (args.isEmpty() ? "" : "=" + String.join(";", args));
    }

    /** {@code n} copies of the pass-through tool, comma-separated. */
    public static String passThrough(int n) {
        String[] names = new String[n];
        Arrays.fill(names, PASS_THROUGH);
        return String.join(",", names);
    }

    @Override
    public String toString() {
        return id + " (" + label + ")";
    }
}
