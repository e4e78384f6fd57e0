package org.qmpi4j.api.settings;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.internal.settings.AgentArgument;

/**
 * The values of {@link Setting}s in one JVM, resolved one way for every setting (see the
 * {@linkplain org.qmpi4j.api.settings package} for the order and the blank rule). Cheap to make;
 * values are parsed when asked for, so properties set by the program before a tool reads its
 * settings count.
 */
public final class Settings {
    private final Map<String, String> agentArguments;
    private final Function<String, String> systemProperties;
    private final Function<String, String> environment;
    private final Consumer<String> problems;

    private Settings(
            Map<String, String> agentArguments,
            Function<String, String> systemProperties,
            Function<String, String> environment,
            Consumer<String> problems) {
        this.agentArguments = agentArguments;
        this.systemProperties = systemProperties;
        this.environment = environment;
        this.problems = problems;
    }

    /**
     * This JVM's settings: the qmpi4j agent's argument (none without the agent), system
     * properties, environment. A bad value is reported once on stderr, by world rank 0.
     */
    public static Settings current() {
        return new Settings(
                parseAgentArgument(AgentArgument.get()), JvmSource.PROPERTIES, JvmSource.ENVIRONMENT, new ReportOnce());
    }

    /**
     * Settings from given sources, for tests and tools that run without the agent.
     *
     * @param agentArgument    the agent argument ({@code key=value;key2;...}), or {@code null}
     * @param systemProperties a system property by name, or {@code null}
     * @param environment      an environment variable by name, or {@code null}
     * @param problems         gets one line per bad value read (without the {@code qmpi4j:} prefix)
     */
    public static Settings of(
            @Nullable String agentArgument,
            Function<String, String> systemProperties,
            Function<String, String> environment,
            Consumer<String> problems) {
        return new Settings(
                parseAgentArgument(agentArgument),
                Objects.requireNonNull(systemProperties),
                Objects.requireNonNull(environment),
                Objects.requireNonNull(problems));
    }

    /**
     * The value of {@code setting}: from the first source that gives a non-blank value, else the
     * default. A value that does not parse is reported (see {@link #of}) and the default used.
     */
    public @Nullable <T> T get(Setting<T> setting) {
        Found found = find(setting);
        if (found == null) {
            return setting.defaultValue();
        }
        try {
            return setting.parse(found.value);
        } catch (IllegalArgumentException e) {
            problems.accept("setting " + setting.key() + ": " + found.origin + " = \"" + found.value
                    + "\" is not accepted (expected " + setting.accepted() + "); using the default, "
                    + setting.defaultText());
            return setting.defaultValue();
        }
    }

    /**
     * Where the value of {@code setting} comes from and what it is, for messages:
     * {@code environment QMPI4J_TOOLS = "a,b"}, or {@code default} when no source gives one.
     */
    public String describe(Setting<?> setting) {
        Found found = find(setting);
        return found == null ? "default" : found.origin + " = \"" + found.value + "\"";
    }

    /**
     * The keys of the agent argument that are not among {@code declared}, in order of appearance.
     */
    public List<String> unknownAgentArguments(Collection<? extends Setting<?>> declared) {
        Set<String> known = new TreeSet<>();
        for (Setting<?> s : declared) {
            known.add(s.key());
        }
        List<String> unknown = new ArrayList<>();
        for (String key : agentArguments.keySet()) {
            if (!known.contains(key)) {
                unknown.add(key);
            }
        }
        return unknown;
    }

    /**
     * The one line that reports {@code unknown} keys, listing {@code declared} ones but those
     * {@linkplain Setting#testOnly() for tests only} (without the prefix).
     */
    public static String unknownAgentArgumentsLine(List<String> unknown, Collection<? extends Setting<?>> declared) {
        Set<String> known = new TreeSet<>();
        for (Setting<?> s : declared) {
            if (!s.testOnly()) {
                known.add(s.key());
            }
        }
        return "unknown agent argument"
                + (unknown.size() == 1 ? " '" + unknown.get(0) + "'" : "s '" + String.join("', '", unknown) + "'")
                + " (known: " + String.join(", ", known) + "); ignored";
    }

    private @Nullable Found find(Setting<?> setting) {
        String v = nonBlank(agentArguments.get(setting.key()));
        if (v != null) {
            return new Found(v, "agent argument " + setting.key());
        }
        v = nonBlank(systemProperties.apply(setting.systemProperty()));
        if (v != null) {
            return new Found(v, "system property " + setting.systemProperty());
        }
        v = nonBlank(environment.apply(setting.environmentVariable()));
        if (v != null) {
            return new Found(v, "environment " + setting.environmentVariable());
        }
        return null;
    }

    /** The blank rule: a blank value counts as absent. */
    private static @Nullable String nonBlank(@Nullable String v) {
        return v == null || v.isBlank() ? null : v.trim();
    }

    /** {@code key=value} pairs separated by ';'; a bare key stands for {@code key=true}. Keys are case-insensitive. */
    private static Map<String, String> parseAgentArgument(@Nullable String text) {
        Map<String, String> out = new LinkedHashMap<>();
        if (text == null) {
            return out;
        }
        for (String part : text.split(";")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            String key = (eq < 0 ? p : p.substring(0, eq)).trim().toLowerCase(Locale.ROOT);
            out.put(key, eq < 0 ? "true" : p.substring(eq + 1));
        }
        return Collections.unmodifiableMap(out);
    }

    private static final class Found {
        final String value;
        final String origin;

        Found(String value, String origin) {
            this.value = value;
            this.origin = origin;
        }
    }

    /** System properties or the environment, as named classes (no lambdas on the premain path). */
    private static final class JvmSource implements Function<String, String> {
        static final JvmSource PROPERTIES = new JvmSource(true);
        static final JvmSource ENVIRONMENT = new JvmSource(false);

        private final boolean properties;

        private JvmSource(boolean properties) {
            this.properties = properties;
        }

        @Override
        public String apply(String name) {
            return properties ? System.getProperty(name) : System.getenv(name);
        }
    }

    /**
     * A bad value, reported once per JVM through the agent's log, and by world rank 0 only: every
     * rank reads the same settings and would say it alike.
     */
    private static final class ReportOnce implements Consumer<String> {
        @Override
        public void accept(String line) {
            Log.agent().oncePerJob("setting: " + line, line);
        }
    }
}
