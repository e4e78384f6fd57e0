package org.qmpi4j.tools;

import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Settings of the bundled tools, read like the agent's own: the agent's MPI_T control variable
 * where there is one ({@code output}: {@code qmpi4j_output_dir}, which the agent fills from its
 * argument {@code output=}, the property and the environment, and which a program may write before
 * the tools run), then the system property {@code qmpi4j.<key>}, then the environment variable
 * {@code QMPI4J_<KEY>} (upper case, '.' and '-' become '_'), first found wins. Keys:
 * {@code output}, {@code tracer.limit}, {@code flush-seconds}.
 */
public final class ToolSettings {
    /** How often each rank brings its own files up to date during the run, in seconds. */
    public static final String FLUSH_SECONDS = "flush-seconds";
    /** The most bytes each rank's trace file may take. */
    public static final String TRACER_LIMIT = "tracer.limit";

    private final Function<String, String> controlVariables;
    private final Function<String, String> properties;
    private final Map<String, String> environment;

    public ToolSettings(Function<String, String> properties, Map<String, String> environment) {
        this(key -> null, properties, environment);
    }

    /** @param controlVariables a setting's value from MPI_T by key, or {@code null} */
    public ToolSettings(Function<String, String> controlVariables, Function<String, String> properties,
            Map<String, String> environment) {
        this.controlVariables = controlVariables;
        this.properties = properties;
        this.environment = environment;
    }

    /** This JVM's settings, without MPI_T. */
    public static ToolSettings fromJvm() {
        return new ToolSettings(System::getProperty, System.getenv());
    }

    /** The settings of tool instance {@code toolId}: its process's control variables first. */
    public static ToolSettings forTool(int toolId) {
        return new ToolSettings(key -> ControlVariables.read(toolId, key), System::getProperty, System.getenv());
    }

    /** The value of {@code key}, or {@code null}. Blank values count as absent. */
    public String get(String key) {
        String v = controlVariables.apply(key);
        if (v != null && !v.isBlank()) {
            return v.trim();
        }
        v = properties.apply("qmpi4j." + key);
        if (v == null || v.isBlank()) {
            v = environment.get(variable(key));
        }
        return v == null || v.isBlank() ? null : v.trim();
    }

    /** Where a setting is read from, for messages: {@code qmpi4j.tracer.limit / QMPI4J_TRACER_LIMIT}. */
    public static String describe(String key) {
        return "qmpi4j." + key + " / " + variable(key);
    }

    static String variable(String key) {
        return "QMPI4J_" + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /**
     * A size such as {@code 64m}, {@code 2g}, {@code 512k} or {@code 1000000} (bytes).
     *
     * @throws IllegalArgumentException with a message naming the setting
     */
    public long size(String key, long defaultBytes) {
        String v = get(key);
        if (v == null) {
            return defaultBytes;
        }
        String s = v.toLowerCase(Locale.ROOT);
        long unit = 1;
        char last = s.charAt(s.length() - 1);
        if (last == 'b') {
            s = s.substring(0, s.length() - 1);
            last = s.isEmpty() ? ' ' : s.charAt(s.length() - 1);
        }
        if (last == 'k' || last == 'm' || last == 'g' || last == 't') {
            unit = last == 'k' ? 1L << 10 : last == 'm' ? 1L << 20 : last == 'g' ? 1L << 30 : 1L << 40;
            s = s.substring(0, s.length() - 1);
        }
        try {
            long n = Long.parseLong(s.trim());
            if (n <= 0) {
                throw new NumberFormatException();
            }
            return Math.multiplyExact(n, unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(describe(key) + " = \"" + v + "\" is not a size (e.g. 64m, 2g, 500000)");
        }
    }

    /** A positive number of seconds. */
    public double seconds(String key, double defaultSeconds) {
        String v = get(key);
        if (v == null) {
            return defaultSeconds;
        }
        try {
            double d = Double.parseDouble(v);
            if (!(d > 0)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(describe(key) + " = \"" + v + "\" is not a positive number of seconds");
        }
    }
}
