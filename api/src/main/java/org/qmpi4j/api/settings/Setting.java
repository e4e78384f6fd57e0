package org.qmpi4j.api.settings;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import org.qmpi4j.api.Nullable;

/**
 * One setting, declared once: its key, its type (how a text value parses), its default and what
 * it means. Its system property and environment variable follow from the key by one rule (see
 * {@link #systemProperty()} and {@link #environmentVariable()}). Read its value with
 * {@link Settings#get}. Immutable; declare settings as {@code static final} constants.
 *
 * @param <T> the type of the value
 */
public final class Setting<T> {

    private final String key;
    private final @Nullable T defaultValue;
    private final String defaultText;
    private final String accepted;
    private final String description;
    private final Function<String, T> parser;
    private final boolean testOnly;

    private Setting(
            String key,
            @Nullable T defaultValue,
            String defaultText,
            String accepted,
            String description,
            Function<String, T> parser) {
        if (key == null || !isKey(key)) {
            throw new IllegalArgumentException("a setting key is lower-case letters and digits, in words joined by"
                    + " '.' or '-' (e.g. mytool.limit): " + key);
        }
        this.key = key;
        this.defaultValue = defaultValue;
        this.defaultText = Objects.requireNonNull(defaultText, "defaultText");
        this.accepted = Objects.requireNonNull(accepted, "accepted");
        this.description = Objects.requireNonNull(description, "description");
        this.parser = parser;
        this.testOnly = false;
    }

    /** {@code s}, checked already, for tests only or not. */
    private Setting(Setting<T> s, boolean testOnly) {
        this.key = s.key;
        this.defaultValue = s.defaultValue;
        this.defaultText = s.defaultText;
        this.accepted = s.accepted;
        this.description = s.description;
        this.parser = s.parser;
        this.testOnly = testOnly;
    }

    /**
     * This setting, for tests only: read like any other and accepted as an agent argument, but
     * never offered to users (not among the known keys a message lists).
     */
    public Setting<T> forTestsOnly() {
        return new Setting<>(this, true);
    }

    /** Whether it was declared {@linkplain #forTestsOnly() for tests only}. */
    public boolean testOnly() {
        return testOnly;
    }

    /**
     * A text setting, without a default ({@link Settings#get} returns {@code null} when it is not set).
     *
     * @param defaultText what happens when it is not set, for the docs' settings tables and messages (e.g.
     *                    "a new qmpi4j-&lt;date-time&gt; folder")
     */
    public static Setting<String> string(String key, String defaultText, String description) {
        return new Setting<>(key, null, defaultText, "any text", description, new Parser<>(Parser.TEXT, 0, 0));
    }

    /** An on/off switch, off by default: {@code true}/{@code false}, {@code 1}/{@code 0}, {@code yes}/{@code no}, {@code on}/{@code off}. */
    public static Setting<Boolean> flag(String key, String description) {
        return new Setting<>(
                key,
                Boolean.FALSE,
                "false",
                "true or false (also 1/0, yes/no, on/off)",
                description,
                new Parser<>(Parser.FLAG, 0, 0));
    }

    /** A whole number from {@code min} to {@code max}. */
    public static Setting<Integer> integer(String key, int defaultValue, int min, int max, String description) {
        if (defaultValue < min || defaultValue > max) {
            throw new IllegalArgumentException(
                    "default " + defaultValue + " of " + key + " outside " + min + ".." + max);
        }
        return new Setting<>(
                key,
                defaultValue,
                Integer.toString(defaultValue),
                "a whole number from " + min + " to " + max,
                description,
                new Parser<>(Parser.INTEGER, min, max));
    }

    /**
     * A positive number of bytes: plain ({@code 500000}) or with a binary unit {@code k},
     * {@code m}, {@code g} or {@code t}, optionally followed by {@code b} ({@code 64m},
     * {@code 2gb}; {@code 1k} is 1024).
     */
    public static Setting<Long> byteSize(String key, long defaultBytes, String description) {
        return new Setting<>(
                key,
                defaultBytes,
                bytesText(defaultBytes),
                "a size such as 64m, 2g, 512k or 500000 (bytes)",
                description,
                new Parser<>(Parser.BYTES, 0, 0));
    }

    /** A positive number of seconds, fractions allowed ({@code 0.5}). */
    public static Setting<Double> seconds(String key, double defaultSeconds, String description) {
        String text = defaultSeconds == Math.rint(defaultSeconds)
                ? Long.toString((long) defaultSeconds)
                : Double.toString(defaultSeconds);
        return new Setting<>(
                key,
                defaultSeconds,
                text,
                "a positive number of seconds",
                description,
                new Parser<>(Parser.SECONDS, 0, 0));
    }

    /** Names separated by {@code ,} or {@code :} (blanks between separators are ignored); empty by default. */
    public static Setting<List<String>> list(String key, String description) {
        return new Setting<>(
                key, List.of(), "none", "names separated by ',' or ':'", description, new Parser<>(Parser.NAMES, 0, 0));
    }

    /** Files or directories separated by the platform's path separator ({@code :} on Unix); empty by default. */
    public static Setting<List<Path>> pathList(String key, String description) {
        return new Setting<>(
                key,
                List.of(),
                "none",
                "paths separated by '" + File.pathSeparator + "'",
                description,
                new Parser<>(Parser.PATHS, 0, 0));
    }

    /** The key, e.g. {@code tracer.limit}: the agent argument's name. */
    public String key() {
        return key;
    }

    /** {@code qmpi4j.} followed by the key, e.g. {@code qmpi4j.tracer.limit}. */
    public String systemProperty() {
        return "qmpi4j." + key;
    }

    /** {@code QMPI4J_} followed by the key upper-cased with '.' and '-' as '_', e.g. {@code QMPI4J_TRACER_LIMIT}. */
    public String environmentVariable() {
        return "QMPI4J_" + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** The value when no source gives one (may be {@code null} for text settings). */
    public @Nullable T defaultValue() {
        return defaultValue;
    }

    /** The default as people write it, e.g. {@code 256m}, {@code 10}, {@code false}. */
    public String defaultText() {
        return defaultText;
    }

    /** What values are accepted, e.g. "a size such as 64m, 2g, 512k or 500000 (bytes)". */
    public String accepted() {
        return accepted;
    }

    /** What the setting does. */
    public String description() {
        return description;
    }

    /**
     * Parses a non-blank value (already trimmed).
     *
     * @throws IllegalArgumentException if it is not accepted (see {@link #accepted()})
     */
    public T parse(String value) {
        try {
            return parser.apply(value);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "\"" + value + "\" is not accepted for " + key + " (" + accepted + ")", e);
        }
    }

    @Override
    public String toString() {
        return key;
    }

    private static Boolean parseFlag(String v) {
        switch (v.toLowerCase(Locale.ROOT)) {
            case "true":
            case "1":
            case "yes":
            case "on":
                return Boolean.TRUE;
            case "false":
            case "0":
            case "no":
            case "off":
                return Boolean.FALSE;
            default:
                throw new IllegalArgumentException("not a flag");
        }
    }

    private static Long parseBytes(String v) {
        String s = v.toLowerCase(Locale.ROOT);
        if (s.endsWith("b")) {
            s = s.substring(0, s.length() - 1);
        }
        long unit = 1;
        int u = s.isEmpty() ? -1 : "kmgt".indexOf(s.charAt(s.length() - 1));
        if (u >= 0) {
            unit = 1L << (10 * (u + 1));
            s = s.substring(0, s.length() - 1);
        }
        long n = Long.parseLong(s.trim());
        if (n <= 0) {
            throw new IllegalArgumentException("not positive");
        }
        return Math.multiplyExact(n, unit);
    }

    private static String bytesText(long bytes) {
        String[] units = {"t", "g", "m", "k"};
        for (int i = 0; i < units.length; i++) {
            long unit = 1L << (10 * (units.length - i));
            if (bytes >= unit && bytes % unit == 0) {
                return bytes / unit + units[i];
            }
        }
        return Long.toString(bytes);
    }

    /**
     * Whether {@code key} is lower-case letters and digits in segments joined by single {@code .}
     * or {@code -}. Checked by hand, not by a regular expression: every setting is made while the
     * agent starts, and compiling a pattern there is time each short MPI job pays.
     */
    private static boolean isKey(String key) {
        boolean afterSeparator = true; // the first character must not be a separator either
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                afterSeparator = false;
            } else if ((c == '.' || c == '-') && !afterSeparator) {
                afterSeparator = true;
            } else {
                return false;
            }
        }
        return !afterSeparator;
    }

    /**
     * Non-blank parts of {@code value} between any of the {@code separators} characters, trimmed.
     * Plain loops, no regular expression: settings are read in every JVM's premain.
     */
    private static List<String> split(String value, String separators) {
        List<String> out = new ArrayList<>();
        int start = 0;
        int n = value.length();
        for (int i = 0; i <= n; i++) {
            if (i == n || separators.indexOf(value.charAt(i)) >= 0) {
                String part = value.substring(start, i);
                if (!part.isBlank()) {
                    out.add(part.trim());
                }
                start = i + 1;
            }
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * The parsers of the kinds of setting, as one named class rather than a lambda per kind: a
     * lambda costs several times a plain class at first use, and every JVM with the agent creates
     * the agent's settings in premain.
     */
    private static final class Parser<T> implements Function<String, T> {
        static final int TEXT = 0;
        static final int FLAG = 1;
        static final int INTEGER = 2;
        static final int BYTES = 3;
        static final int SECONDS = 4;
        static final int NAMES = 5;
        static final int PATHS = 6;

        private final int kind;
        private final int min;
        private final int max;

        Parser(int kind, int min, int max) {
            this.kind = kind;
            this.min = min;
            this.max = max;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T apply(String v) {
            return (T) parse(v);
        }

        private Object parse(String v) {
            switch (kind) {
                case TEXT:
                    return v;
                case FLAG:
                    return parseFlag(v);
                case INTEGER:
                    int n = Integer.parseInt(v);
                    if (n < min || n > max) {
                        throw new IllegalArgumentException("out of range");
                    }
                    return n;
                case BYTES:
                    return parseBytes(v);
                case SECONDS:
                    double d = Double.parseDouble(v);
                    if (!(d > 0) || Double.isInfinite(d)) {
                        throw new IllegalArgumentException("not positive");
                    }
                    return d;
                case NAMES:
                    return split(v, ",:");
                default: // PATHS
                    List<String> parts = split(v, File.pathSeparator);
                    List<Path> paths = new ArrayList<>(parts.size());
                    for (String part : parts) {
                        paths.add(Path.of(part));
                    }
                    return Collections.unmodifiableList(paths);
            }
        }
    }
}
