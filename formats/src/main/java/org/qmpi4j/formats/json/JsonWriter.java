package org.qmpi4j.formats.json;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.qmpi4j.api.Nullable;

/**
 * A streaming JSON writer: objects, arrays, strings, numbers, booleans, null, written straight to
 * an {@link Appendable} in order. Pretty-printed with two-space indentation when asked; arrays
 * opened with {@link #beginInlineArray()} stay on one line (matrix rows, histograms), which keeps
 * large numeric tables readable.
 *
 * <p>Doubles that JSON cannot hold (NaN, infinities) are written as {@code null}. I/O errors are
 * rethrown unchecked.
 */
public final class JsonWriter {
    private final Appendable out;
    private final boolean pretty;
    /** Per open container: whether a value was written in it; whether it is inline. */
    private final boolean[] hasValue = new boolean[64];

    private final boolean[] inline = new boolean[64];
    private int depth;
    private boolean afterName;

    public JsonWriter(Appendable out, boolean pretty) {
        this.out = out;
        this.pretty = pretty;
    }

    public JsonWriter beginObject() {
        return open('{', false);
    }

    /** An object written on one line even when pretty-printing. */
    public JsonWriter beginInlineObject() {
        return open('{', true);
    }

    public JsonWriter endObject() {
        return close('}');
    }

    public JsonWriter beginArray() {
        return open('[', false);
    }

    /** An array written on one line even when pretty-printing. */
    public JsonWriter beginInlineArray() {
        return open('[', true);
    }

    public JsonWriter endArray() {
        return close(']');
    }

    /** The name of the next member of the current object. */
    public JsonWriter name(String name) {
        beforeValue();
        string(name);
        raw(pretty ? ": " : ":");
        afterName = true;
        return this;
    }

    public JsonWriter value(@Nullable String s) {

        beforeValue();
        if (s == null) {
            raw("null");
        } else {
            string(s);
        }
        return this;
    }

    public JsonWriter value(long v) {
        beforeValue();
        raw(Long.toString(v));
        return this;
    }

    public JsonWriter value(double v) {
        beforeValue();
        raw(Double.isNaN(v) || Double.isInfinite(v) ? "null" : Double.toString(v));
        return this;
    }

    public JsonWriter value(boolean v) {
        beforeValue();
        raw(v ? "true" : "false");
        return this;
    }

    public JsonWriter nullValue() {
        beforeValue();
        raw("null");
        return this;
    }

    /** Shorthands for one member. */
    public JsonWriter member(String name, @Nullable String v) {
        return name(name).value(v);
    }

    public JsonWriter member(String name, long v) {
        return name(name).value(v);
    }

    public JsonWriter member(String name, double v) {
        return name(name).value(v);
    }

    public JsonWriter member(String name, boolean v) {
        return name(name).value(v);
    }

    /** Ends the document with a newline (pretty) and checks that every container was closed. */
    public void finish() {
        if (depth != 0) {
            throw new IllegalStateException("JSON document ended with " + depth + " open containers");
        }
        if (pretty) {
            raw("\n");
        }
    }

    private JsonWriter open(char c, boolean inlineContainer) {
        beforeValue();
        if (depth == hasValue.length) {
            throw new IllegalStateException("JSON nested deeper than " + hasValue.length);
        }
        raw(String.valueOf(c));
        hasValue[depth] = false;
        inline[depth] = inlineContainer || (depth > 0 && inline[depth - 1]);
        depth++;
        return this;
    }

    private JsonWriter close(char c) {
        if (depth == 0) {
            throw new IllegalStateException("nothing to close with " + c);
        }
        depth--;
        if (hasValue[depth] && pretty && !inline[depth]) {
            newline(depth);
        }
        raw(String.valueOf(c));
        return this;
    }

    private void beforeValue() {
        if (afterName) {
            afterName = false;
            return;
        }
        if (depth > 0) {
            int d = depth - 1;
            if (hasValue[d]) {
                raw(",");
                if (pretty && inline[d]) {
                    raw(" ");
                }
            }
            hasValue[d] = true;
            if (pretty && !inline[d]) {
                newline(depth);
            }
        }
    }

    private void newline(int level) {
        raw("\n");
        for (int i = 0; i < level; i++) {
            raw("  ");
        }
    }

    private void string(String s) {
        try {
            out.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"':
                        out.append("\\\"");
                        break;
                    case '\\':
                        out.append("\\\\");
                        break;
                    case '\n':
                        out.append("\\n");
                        break;
                    case '\r':
                        out.append("\\r");
                        break;
                    case '\t':
                        out.append("\\t");
                        break;
                    default:
                        // Also escape '<' so that JSON embedded in an HTML <script> cannot close it.
                        if (c < 0x20 || c == '<' || c == 0x2028 || c == 0x2029) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                }
            }
            out.append('"');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void raw(String s) {
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
