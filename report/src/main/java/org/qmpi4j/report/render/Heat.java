package org.qmpi4j.report.render;

import java.util.Locale;

/**
 * The colour scale of the communication matrix: white for nothing, then light to dark blue on a
 * logarithmic scale (message volumes between pairs often span orders of magnitude; a linear scale
 * would show one dark cell and many pale ones).
 */
final class Heat {
    private static final int[] LOW = {0xde, 0xeb, 0xf7};
    private static final int[] HIGH = {0x08, 0x30, 0x6b};

    private Heat() {
    }

    /** Position of {@code v} on the scale up to {@code max}: 0 for 0, else in (0, 1]. */
    static double level(long v, long max) {
        if (v <= 0 || max <= 0) {
            return 0;
        }
        return Math.log1p(v) / Math.log1p(max);
    }

    /** CSS colour for {@code v}. */
    static String color(long v, long max) {
        if (v <= 0) {
            return "#ffffff";
        }
        double t = 0.15 + 0.85 * level(v, max);
        int[] c = new int[3];
        for (int i = 0; i < 3; i++) {
            c[i] = (int) Math.round(LOW[i] + (HIGH[i] - LOW[i]) * t);
        }
        return String.format(Locale.ROOT, "#%02x%02x%02x", c[0], c[1], c[2]);
    }

    /** Whether text on {@code color(v, max)} should be white. */
    static boolean dark(long v, long max) {
        return v > 0 && 0.15 + 0.85 * level(v, max) > 0.55;
    }

    static long max(long[][] m) {
        long max = 0;
        for (long[] row : m) {
            for (long v : row) {
                max = Math.max(max, v);
            }
        }
        return max;
    }

    static long sum(long[][] m) {
        long s = 0;
        for (long[] row : m) {
            for (long v : row) {
                s += v;
            }
        }
        return s;
    }

    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<': sb.append("&lt;"); break;
                case '>': sb.append("&gt;"); break;
                case '&': sb.append("&amp;"); break;
                case '"': sb.append("&quot;"); break;
                case '\'': sb.append("&#39;"); break;
                default: sb.append(c);
            }
        }
        return sb.toString();
    }
}
