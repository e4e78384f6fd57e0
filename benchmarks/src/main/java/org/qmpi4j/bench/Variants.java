package org.qmpi4j.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The variants each benchmark measures, one line each. A variant whose tools the agent does not
 * ship yet is reported as "n/a: tool not available" instead of failing the run.
 */
public final class Variants {
    public static final Variant NONE = Variant.noAgent("none", "no agent");
    /** The baseline once more, as if it were a variant: its ratio to the baseline is the measurement's own noise. */
    public static final Variant CONTROL = Variant.noAgent("control", "no agent again (A/A control)");

    public static final Variant AGENT = Variant.agent("agent", "agent, no tool", "");
    public static final Variant IDLE = Variant.agent("idle", "1 tool, not on the measured calls", Variant.IDLE);
    public static final Variant PASS1 = Variant.agent("pass1", "1 pass-through tool", Variant.passThrough(1));
    public static final Variant PASS2 = Variant.agent("pass2", "2 pass-through tools", Variant.passThrough(2));
    public static final Variant PASS4 = Variant.agent("pass4", "4 pass-through tools", Variant.passThrough(4));
    public static final Variant PASS8 = Variant.agent("pass8", "8 pass-through tools", Variant.passThrough(8));
    public static final Variant PROFILER = Variant.agent("profiler", "profiler", "profiler");
    public static final Variant TRACER = Variant.agent("tracer", "tracer", "tracer");
    public static final Variant PROFILER_TRACER =
            Variant.agent("profiler-tracer", "profiler + tracer", "profiler,tracer");
    /** A registration for the send-started event: sends are watched, every other function is not. */
    public static final Variant EVENTS =
            Variant.agent("events", "1 registration for event qmpi4j_send_started", Variant.EVENTS);

    public static final Variant PCONTROL0 = PASS4.pcontrolOff("pcontrol0", "4 pass-through tools, Pcontrol 0");

    /** JMH call path: the baseline first. */
    public static final List<Variant> CALL_PATH =
            List.of(NONE, AGENT, PASS1, PASS2, PASS4, PASS8, PROFILER, TRACER, PROFILER_TRACER, PCONTROL0, EVENTS);
    /** Real Open MPI jobs (ping-pong, stencil). */
    public static final List<Variant> MPI_JOBS = List.of(NONE, CONTROL, AGENT, IDLE, PASS4, PROFILER, PROFILER_TRACER);
    /** JVM start-up with the sample application's classes loaded. */
    public static final List<Variant> STARTUP = List.of(NONE, AGENT, PASS4, PROFILER, PROFILER_TRACER);
    /** Heap after 10 million calls. */
    public static final List<Variant> HEAP = List.of(NONE, AGENT, PASS4, PROFILER, PROFILER_TRACER);

    private static final Map<String, Variant> BY_ID = new LinkedHashMap<>();

    static {
        for (Variant v : List.of(
                NONE,
                CONTROL,
                AGENT,
                IDLE,
                PASS1,
                PASS2,
                PASS4,
                PASS8,
                PROFILER,
                TRACER,
                PROFILER_TRACER,
                PCONTROL0,
                EVENTS)) {
            BY_ID.put(v.id(), v);
        }
    }

    private Variants() {}

    /**
     * Variants from a command line: comma-separated known ids, or {@code tools=a+b+c} for any tool
     * list ({@code +} separates tools, since {@code ,} separates variants; {@code tools=} alone is
     * the agent with no tool). The first must be {@code none}, the baseline; it is added if missing.
     */
    public static List<Variant> parse(String spec) {
        List<Variant> out = new ArrayList<>();
        for (String part : spec.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            if (p.startsWith("tools=")) {
                String tools = p.substring("tools=".length()).replace('+', ',');
                out.add(Variant.agent(p, tools.isEmpty() ? "agent, no tool" : "tools=" + tools, tools));
            } else if (BY_ID.containsKey(p)) {
                out.add(BY_ID.get(p));
            } else {
                throw new IllegalArgumentException("unknown variant '" + p + "'; known: "
                        + String.join(", ", BY_ID.keySet()) + ", or tools=a+b+c");
            }
        }
        if (out.isEmpty() || out.get(0) != NONE) {
            out.remove(NONE);
            out.add(0, NONE);
        }
        return out;
    }

    /** The ids of {@code variants}, comma-separated (the default of a command line option). */
    public static String ids(List<Variant> variants) {
        List<String> ids = new ArrayList<>();
        variants.forEach(v -> ids.add(v.id()));
        return String.join(",", ids);
    }
}
