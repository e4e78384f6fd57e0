package org.qmpi4j.agent.internal.config;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The agent's settings. Each is looked up, first found wins, in: the agent argument
 * ({@code -javaagent:qmpi4j-agent.jar=tools=a,b;verbose}), the system property
 * {@code qmpi4j.<key>}, the environment variable {@code QMPI4J_<KEY>} (upper case, '.' and '-'
 * become '_'). Agent arguments are {@code key=value} pairs separated by ';'.
 */
public final class AgentConfig {
    /** Known keys, with what they mean (for error messages and the README). */
    public static final Map<String, String> KEYS;

    static {
        Map<String, String> k = new LinkedHashMap<>();
        k.put("tools", "tool names in order, separated by ',' or ':'; a name may repeat");
        k.put("toolpath", "jars or directories with more tools, separated by '" + File.pathSeparator + "'");
        k.put("verbose", "true: print what the agent rewrote and a summary at exit");
        k.put("output", "directory for the tools' results (default: a new qmpi4j-<date-time> folder)");
        KEYS = Collections.unmodifiableMap(k);
    }

    private final Map<String, String> agentArgs;
    private final Map<String, String> sysProps;
    private final Map<String, String> env;
    private final List<String> problems = new ArrayList<>();

    public AgentConfig(String agentArgs, Map<String, String> sysProps, Map<String, String> env) {
        this.agentArgs = parseAgentArgs(agentArgs);
        this.sysProps = sysProps;
        this.env = env;
        for (String key : this.agentArgs.keySet()) {
            if (!KEYS.containsKey(key)) {
                problems.add("unknown agent argument '" + key + "' (known: " + String.join(", ", KEYS.keySet()) + ")");
            }
        }
    }

    /** Configuration from this JVM's agent argument, system properties and environment. */
    public static AgentConfig fromJvm(String agentArgs) {
        Map<String, String> props = new LinkedHashMap<>();
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("qmpi4j.")) {
                props.put(name, System.getProperty(name));
            }
        }
        return new AgentConfig(agentArgs, props, System.getenv());
    }

    private Map<String, String> parseAgentArgs(String args) {
        Map<String, String> out = new LinkedHashMap<>();
        if (args == null || args.isBlank()) {
            return out;
        }
        for (String part : args.split(";")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            String key = (eq < 0 ? p : p.substring(0, eq)).trim().toLowerCase(Locale.ROOT);
            out.put(key, eq < 0 ? "true" : p.substring(eq + 1).trim());
        }
        return out;
    }

    /** Problems found in the settings (unknown keys, ...), to be reported once at start. */
    public List<String> problems() {
        return problems;
    }

    /** The value of {@code key} and where it came from, or {@code null}. */
    public String[] lookup(String key) {
        if (agentArgs.containsKey(key)) {
            return new String[] {agentArgs.get(key), "agent argument " + key + "="};
        }
        String prop = "qmpi4j." + key;
        if (sysProps.get(prop) != null) {
            return new String[] {sysProps.get(prop), "system property " + prop};
        }
        String var = "QMPI4J_" + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
        if (env.get(var) != null) {
            return new String[] {env.get(var), "environment variable " + var};
        }
        return null;
    }

    /** Tool names in order; empty if none listed. Splits on ',' and ':', ignores blanks. */
    public List<String> tools() {
        String[] v = lookup("tools");
        List<String> names = new ArrayList<>();
        if (v != null) {
            for (String n : v[0].split("[,:]")) {
                if (!n.isBlank()) {
                    names.add(n.trim());
                }
            }
        }
        return names;
    }

    /** Where the tool list came from, for messages. */
    public String toolsSource() {
        String[] v = lookup("tools");
        return v == null ? "no tool list given" : v[1] + " = \"" + v[0] + "\"";
    }

    public List<Path> toolPath() {
        String[] v = lookup("toolpath");
        List<Path> paths = new ArrayList<>();
        if (v != null) {
            for (String p : v[0].split(File.pathSeparator)) {
                if (!p.isBlank()) {
                    paths.add(Path.of(p.trim()));
                }
            }
        }
        return paths;
    }

    public boolean verbose() {
        String[] v = lookup("verbose");
        return v != null && (v[0].isEmpty() || Boolean.parseBoolean(v[0]) || v[0].equals("1"));
    }
}
