package org.qmpi4j.formats.json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;

/**
 * A parsed JSON value together with where it sits in its document ({@code functions[2].calls}),
 * for readers that want a clear message when a file does not have the expected shape:
 * {@code profile.json: functions[2].calls: expected an integer, found "x"}.
 */
public final class JsonNode {
    private final @Nullable Object value;
    private final String path;

    private JsonNode(@Nullable Object value, String path) {
        this.value = value;
        this.path = path;
    }

    /** The root of a parsed document. */
    public static JsonNode root(@Nullable Object value) {
        return new JsonNode(value, "");
    }

    /** Parses {@code text} and returns its root. */
    public static JsonNode parse(CharSequence text) throws JsonFormatException {
        return root(JsonParser.parse(text));
    }

    public String path() {
        return path.isEmpty() ? "(document)" : path;
    }

    /** Where this value sits and the value (maps and lists as Java prints them, not JSON): for messages. */
    @Override
    public String toString() {
        return path() + ": " + value;
    }

    public boolean isNull() {
        return value == null;
    }

    public boolean has(String name) {
        return value instanceof Map && ((Map<?, ?>) value).containsKey(name);
    }

    /** A member of this object; an error if this is not an object or the member is missing. */
    public JsonNode get(String name) throws JsonFormatException {
        Map<?, ?> m = asMap();
        if (!m.containsKey(name)) {
            throw new JsonFormatException(path() + ": member \"" + name + "\" missing");
        }
        return new JsonNode(m.get(name), child(name));
    }

    /** A member that may be absent (then a node holding {@code null}). */
    public JsonNode optional(String name) throws JsonFormatException {
        Map<?, ?> m = asMap();
        return new JsonNode(m.get(name), child(name));
    }

    /** The members of this object, in document order. */
    public Map<String, JsonNode> members() throws JsonFormatException {
        Map<String, JsonNode> out = new java.util.LinkedHashMap<>();
        for (Map.Entry<?, ?> e : asMap().entrySet()) {
            String name = (String) e.getKey();
            out.put(name, new JsonNode(e.getValue(), child(name)));
        }
        return out;
    }

    public List<JsonNode> elements() throws JsonFormatException {
        if (!(value instanceof List)) {
            throw mismatch("an array");
        }
        List<?> items = (List<?>) value;
        List<JsonNode> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            out.add(new JsonNode(items.get(i), path + "[" + i + "]"));
        }
        return out;
    }

    public String asString() throws JsonFormatException {
        if (!(value instanceof String)) {
            throw mismatch("a string");
        }
        return (String) value;
    }

    /** A string, or {@code null} for JSON null. */
    public @Nullable String asStringOrNull() throws JsonFormatException {

        return value == null ? null : asString();
    }

    public long asLong() throws JsonFormatException {
        if (!(value instanceof Long)) {
            throw mismatch("an integer");
        }
        return (Long) value;
    }

    public int asInt() throws JsonFormatException {
        long v = asLong();
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw mismatch("an integer of at most 32 bits");
        }
        return (int) v;
    }

    /** Any number; {@code null} reads as NaN (the writer turns NaN into null). */
    public double asDouble() throws JsonFormatException {
        if (value == null) {
            return Double.NaN;
        }
        if (!(value instanceof Number)) {
            throw mismatch("a number");
        }
        return ((Number) value).doubleValue();
    }

    public boolean asBoolean() throws JsonFormatException {
        if (!(value instanceof Boolean)) {
            throw mismatch("true or false");
        }
        return (Boolean) value;
    }

    /** An array of integers. */
    public long[] asLongArray() throws JsonFormatException {
        List<JsonNode> items = elements();
        long[] out = new long[items.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = items.get(i).asLong();
        }
        return out;
    }

    private Map<?, ?> asMap() throws JsonFormatException {
        if (!(value instanceof Map)) {
            throw mismatch("an object");
        }
        return (Map<?, ?>) value;
    }

    private String child(String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private JsonFormatException mismatch(String expected) {
        return new JsonFormatException(path() + ": expected " + expected + ", found " + describe(value));
    }

    private static String describe(@Nullable Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String) {
            String s = (String) v;
            return "\"" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "\"";
        }
        if (v instanceof Map) {
            return "an object";
        }
        if (v instanceof List) {
            return "an array";
        }
        return v.toString();
    }
}
