package org.qmpi4j.formats.json;

/**
 * Where in a JSON text a reader's complaint points: the parser's own errors say their line and
 * column; a shape error names a path ({@code functions[2].calls}), which is looked up here in the
 * text, only once something is wrong, so that readers keep plain values and pay nothing for
 * positions while a file is sound.
 */
public final class JsonPosition {
    private JsonPosition() {}

    /**
     * The error's message with its position first ({@code line 12, column 5: functions[1].calls:
     * expected an integer, found "x"}): the parser's as it is, a path's looked up in {@code text}
     * (the nearest enclosing value that exists), else the document's start.
     */
    public static String describe(CharSequence text, JsonFormatException e) {
        String m = String.valueOf(e.getMessage());
        if (m.startsWith("line ")) {
            return m;
        }
        int colon = m.indexOf(": ");
        int at = colon > 0 ? locate(text, m.substring(0, colon)) : -1;
        return lineAndColumn(text, Math.max(at, firstNonBlank(text))) + ": " + m;
    }

    /** {@code line L, column C} of character {@code offset} of {@code text}. */
    public static String lineAndColumn(CharSequence text, int offset) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < Math.min(offset, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return "line " + line + ", column " + column;
    }

    /**
     * The offset of the value at {@code path} (members by name, elements by {@code [i]}) in a
     * valid JSON text; the nearest enclosing value's when a step is missing; -1 when the path is
     * not one ({@code (document)} is the root).
     */
    static int locate(CharSequence text, String path) {
        Walker w = new Walker(text);
        w.blank();
        if (path.equals("(document)")) {
            return w.pos;
        }
        int i = 0;
        int n = path.length();
        while (i < n) {
            char c = path.charAt(i);
            if (c == '.') {
                i++;
                continue;
            }
            if (c == '[') {
                int close = path.indexOf(']', i);
                if (close < 0) {
                    return -1;
                }
                int index;
                try {
                    index = Integer.parseInt(path.substring(i + 1, close));
                } catch (NumberFormatException e) {
                    return -1;
                }
                if (!w.element(index)) {
                    return w.pos;
                }
                i = close + 1;
                continue;
            }
            int end = i;
            while (end < n && path.charAt(end) != '.' && path.charAt(end) != '[') {
                char x = path.charAt(end);
                if (x == ' ' || x == '"') {
                    return -1; // prose, not a path
                }
                end++;
            }
            if (!w.member(path.substring(i, end))) {
                return w.pos;
            }
            i = end;
        }
        return w.pos;
    }

    private static int firstNonBlank(CharSequence text) {
        Walker w = new Walker(text);
        w.blank();
        return w.pos;
    }

    /** Moves through a valid JSON text without building values. */
    private static final class Walker {
        final CharSequence t;
        int pos;

        Walker(CharSequence t) {
            this.t = t;
        }

        /** From an object's start to member {@code name}'s value; false (staying at the object) if absent. */
        boolean member(String name) {
            int object = pos;
            if (peek() != '{') {
                return false;
            }
            pos++;
            while (true) {
                blank();
                if (peek() != '"') {
                    pos = object;
                    return false;
                }
                String key = string();
                blank();
                if (peek() != ':') {
                    pos = object;
                    return false;
                }
                pos++;
                blank();
                if (key.equals(name)) {
                    return true;
                }
                skipValue();
                blank();
                if (peek() != ',') {
                    pos = object;
                    return false;
                }
                pos++;
            }
        }

        /** From an array's start to element {@code index}; false (staying at the array) if absent. */
        boolean element(int index) {
            int array = pos;
            if (peek() != '[') {
                return false;
            }
            pos++;
            blank();
            for (int k = 0; ; k++) {
                if (peek() == ']' || pos >= t.length()) {
                    pos = array;
                    return false;
                }
                if (k == index) {
                    return true;
                }
                skipValue();
                blank();
                if (peek() != ',') {
                    pos = array;
                    return false;
                }
                pos++;
                blank();
            }
        }

        /** Past one value, nested ones included, without recursion. */
        void skipValue() {
            int depth = 0;
            do {
                char c = peek();
                if (c == '"') {
                    string();
                } else if (c == '{' || c == '[') {
                    depth++;
                    pos++;
                } else if (c == '}' || c == ']') {
                    depth--;
                    pos++;
                } else if (pos >= t.length()) {
                    return;
                } else {
                    pos++;
                    if (depth == 0) {
                        while (pos < t.length() && ",}] \n\r\t".indexOf(t.charAt(pos)) < 0) {
                            pos++;
                        }
                    }
                }
            } while (depth > 0 && pos < t.length());
        }

        /** A string token's text (escapes other than \" and \\ kept as written: names are compared). */
        String string() {
            StringBuilder sb = new StringBuilder();
            pos++;
            while (pos < t.length()) {
                char c = t.charAt(pos++);
                if (c == '"') {
                    break;
                }
                if (c == '\\' && pos < t.length()) {
                    char e = t.charAt(pos++);
                    sb.append(e == '"' || e == '\\' || e == '/' ? Character.toString(e) : "\\" + e);
                    continue;
                }
                sb.append(c);
            }
            return sb.toString();
        }

        void blank() {
            while (pos < t.length() && " \n\r\t".indexOf(t.charAt(pos)) >= 0) {
                pos++;
            }
        }

        char peek() {
            return pos < t.length() ? t.charAt(pos) : '\0';
        }
    }
}
