package org.qmpi4j.report.render;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Text put into the HTML page and the SVG image. */
final class Markup {
    private Markup() {}

    /** A file of this package's resources, inlined into the page: it must open with no other file. */
    static String resource(String name) {
        try (InputStream in = Markup.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " missing beside " + Markup.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }

    /** {@code s} with the characters that HTML and XML give a meaning escaped. */
    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<':
                    sb.append("&lt;");
                    break;
                case '>':
                    sb.append("&gt;");
                    break;
                case '&':
                    sb.append("&amp;");
                    break;
                case '"':
                    sb.append("&quot;");
                    break;
                case '\'':
                    sb.append("&#39;");
                    break;
                default:
                    sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * A call site's {@code where} ({@code pkg.Class.method(File.java:12)}), escaped, with break
     * opportunities ({@code <wbr>}) after each dot of the package and before the file: a narrow
     * column then wraps it between names, keeps {@code Class.method} and {@code (File.java:12)}
     * whole, and cannot be squeezed to a character a line.
     */
    static String where(String where) {
        int paren = where.indexOf('(');
        int end = paren < 0 ? where.length() : paren;
        int method = where.lastIndexOf('.', end - 1);
        int type = method <= 0 ? -1 : where.lastIndexOf('.', method - 1);
        StringBuilder sb = new StringBuilder(where.length() + 40);
        for (int i = 0; i < end; i++) {
            sb.append(escape(String.valueOf(where.charAt(i))));
            if (where.charAt(i) == '.' && i <= type) {
                sb.append("<wbr>");
            }
        }
        if (paren >= 0) {
            sb.append("<wbr>").append(escape(where.substring(paren)));
        }
        return sb.toString();
    }
}
