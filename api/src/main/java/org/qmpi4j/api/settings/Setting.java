package org.qmpi4j.api.settings;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;
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
    }

    /**
     * A text setting, without a default ({@link Settings#get} returns {@code null} when it is not set).
     *
     * @param defaultText what happens when it is not set, for the README and messages (e.g.
     *                    "a new qmpi4j-&lt;date-time&gt; folder")
     */
    public static Setting<String> string(String key, String defaultText, String description) {
        return new Setting<>(key, null, defaultText, "any text", description, v -> v);
    }

    /** An on/off switch, off by default: {@code true}/{@code false}, {@code 1}/{@code 0}, {@code yes}/{@code no}, {@code on}/{@code off}. */
    public static Setting<Boolean> flag(String key, String description) {
        return new Setting<>(
                key,
                Boolean.FALSE,
                "false",
                "true or false (also 1/0, yes/no, on/off)",
                description,
                Setting::parseFlag);
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
                v -> {
                    int n = Integer.parseInt(v);
                    if (n < min || n > max) {
                        throw new IllegalArgumentException("out of range");
                    }
                    return n;
                });
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
                Setting::parseBytes);
    }

    /** A positive number of seconds, fractions allowed ({@code 0.5}). */
    public static Setting<Double> seconds(String key, double defaultSeconds, String description) {
        String text = defaultSeconds == Math.rint(defaultSeconds)
                ? Long.toString((long) defaultSeconds)
                : Double.toString(defaultSeconds);
        return new Setting<>(key, defaultSeconds, text, "a positive number of seconds", description, v -> {
            double d = Double.parseDouble(v);
            if (!(d > 0) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("not positive");
            }
            return d;
        });
    }

    /** Names separated by {@code ,} or {@code :} (blanks between separators are ignored); empty by default. */
    public static Setting<List<String>> list(String key, String description) {
        return new Setting<>(
                key, List.of(), "none", "names separated by ',' or ':'", description, v -> split(v, "[,:]", s -> s));
    }

    /** Files or directories separated by the platform's path separator ({@code :} on Unix); empty by default. */
    public static Setting<List<Path>> pathList(String key, String description) {
        return new Setting<>(
                key,
                List.of(),
                "none",
                "paths separated by '" + File.pathSeparator + "'",
                description,
                v -> split(v, Pattern.quote(File.pathSeparator), Path::of));
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

    private static <E> List<E> split(String value, String separators, Function<String, E> element) {
        List<E> out = new ArrayList<>();
        for (String part : value.split(separators)) {
            if (!part.isBlank()) {
                out.add(element.apply(part.trim()));
            }
        }
        return Collections.unmodifiableList(out);
    }
}
