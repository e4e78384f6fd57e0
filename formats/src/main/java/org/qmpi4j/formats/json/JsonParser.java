package org.qmpi4j.formats.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;

/**
 * Parses one JSON document (RFC 8259) into plain Java values: {@link Map} (member order kept),
 * {@link List}, {@link String}, {@link Long} for integers that fit, {@link Double} for other
 * numbers, {@link Boolean} and {@code null}. Errors name the line and column.
 */
public final class JsonParser {
    private static final int MAX_DEPTH = 512;

    private final CharSequence text;
    private int pos;
    private int depth;

    private JsonParser(CharSequence text) {
        this.text = text;
    }

    /** The value of the whole document; trailing content other than whitespace is an error. */
    public static @Nullable Object parse(CharSequence text) throws JsonFormatException {
        JsonParser p = new JsonParser(text);
        p.skipWhitespace();
        if (p.pos >= text.length()) {
            throw p.error("empty document");
        }
        @Nullable Object v = p.value();
        p.skipWhitespace();
        if (p.pos < text.length()) {
            throw p.error("unexpected " + shown(text.charAt(p.pos)) + " after the end of the document");
        }
        return v;
    }

    private @Nullable Object value() throws JsonFormatException {
        if (pos >= text.length()) {
            throw error("unexpected end of document");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("unexpected " + shown(c));
        }
    }

    private Map<String, Object> object() throws JsonFormatException {
        enter();
        pos++; // {
        Map<String, Object> members = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            depth--;
            return members;
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error("expected a member name in double quotes");
            }
            String name = string();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            if (members.containsKey(name)) {
                throw error("member \"" + name + "\" appears twice");
            }
            members.put(name, value());
            skipWhitespace();
            char c = peek();
            pos++;
            if (c == '}') {
                depth--;
                return members;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or '}' in an object");
            }
        }
    }

    private List<Object> array() throws JsonFormatException {
        enter();
        pos++; // [
        List<Object> items = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            depth--;
            return items;
        }
        while (true) {
            skipWhitespace();
            items.add(value());
            skipWhitespace();
            char c = peek();
            pos++;
            if (c == ']') {
                depth--;
                return items;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or ']' in an array");
            }
        }
    }

    private String string() throws JsonFormatException {
        pos++; // opening quote
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                pos--;
                throw error("control character in a string");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (pos >= text.length()) {
                throw error("unterminated escape");
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"':
                    sb.append('"');
                    break;
                case '\\':
                    sb.append('\\');
                    break;
                case '/':
                    sb.append('/');
                    break;
                case 'b':
                    sb.append('\b');
                    break;
                case 'f':
                    sb.append('\f');
                    break;
                case 'n':
                    sb.append('\n');
                    break;
                case 'r':
                    sb.append('\r');
                    break;
                case 't':
                    sb.append('\t');
                    break;
                case 'u':
                    if (pos + 4 > text.length()) {
                        throw error("truncated \\u escape");
                    }
                    int code = 0;
                    for (int i = 0; i < 4; i++) {
                        int d = Character.digit(text.charAt(pos++), 16);
                        if (d < 0) {
                            pos--;
                            throw error("bad hex digit in \\u escape");
                        }
                        code = code * 16 + d;
                    }
                    sb.append((char) code);
                    break;
                default:
                    pos--;
                    throw error("unknown escape \\" + shown(e));
            }
        }
    }

    private Object number() throws JsonFormatException {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        if (peek() == '0') {
            pos++;
        } else if (isDigit(peek())) {
            while (isDigit(peek())) {
                pos++;
            }
        } else {
            throw error("expected a digit");
        }
        boolean integral = true;
        if (peek() == '.') {
            integral = false;
            pos++;
            if (!isDigit(peek())) {
                throw error("expected a digit after the decimal point");
            }
            while (isDigit(peek())) {
                pos++;
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            integral = false;
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (!isDigit(peek())) {
                throw error("expected a digit in the exponent");
            }
            while (isDigit(peek())) {
                pos++;
            }
        }
        String s = text.subSequence(start, pos).toString();
        if (integral) {
            try {
                return Long.parseLong(s);
            } catch (NumberFormatException tooLarge) {
                return Double.parseDouble(s);
            }
        }
        return Double.parseDouble(s);
    }

    private @Nullable Object literal(String word, @Nullable Object value) throws JsonFormatException {

        if (pos + word.length() > text.length()
                || !text.subSequence(pos, pos + word.length()).toString().equals(word)) {
            throw error("unexpected " + shown(text.charAt(pos)));
        }
        pos += word.length();
        return value;
    }

    private void enter() throws JsonFormatException {
        if (++depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH);
        }
    }

    private void expect(char c) throws JsonFormatException {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    /** A character for a one-line message: printable ones quoted, others by code (U+000D). */
    private static String shown(char c) {
        return c >= 0x20 && c != 0x7f && !Character.isISOControl(c) && !Character.isSurrogate(c)
                ? "'" + c + "'"
                : String.format(java.util.Locale.ROOT, "U+%04X", (int) c);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private JsonFormatException error(String what) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < Math.min(pos, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new JsonFormatException("line " + line + ", column " + column + ": " + what);
    }
}
