package org.qmpi4j.report.render;

/**
 * The colour scale of the communication matrix, defined here only: white for nothing, then light to
 * dark blue on a logarithmic scale (message volumes between pairs often span orders of magnitude; a
 * linear scale would show one dark cell and many pale ones). {@code matrix.svg} and the cells of
 * {@code matrix.html} are coloured by {@link #color}; the page's script, which recolours when the
 * reader switches between bytes and messages, evaluates the same scale from {@link #json()}, which
 * the page carries as data.
 */
final class HeatScale {
    private static final String EMPTY = "#ffffff";
    private static final int[] LOW = {0xde, 0xeb, 0xf7};
    private static final int[] HIGH = {0x08, 0x30, 0x6b};
    /** Where the smallest non-zero value sits on LOW..HIGH, so that it stays visible beside white. */
    private static final double FLOOR = 0.15;
    /** Beyond this position on LOW..HIGH, text on a cell is white. */
    private static final double DARK_ABOVE = 0.55;

    private HeatScale() {}

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
            return EMPTY;
        }
        double t = position(v, max);
        int[] c = new int[3];
        for (int i = 0; i < 3; i++) {
            c[i] = (int) Math.round(LOW[i] + (HIGH[i] - LOW[i]) * t);
        }
        StringBuilder sb = new StringBuilder(7).append('#');
        for (int x : c) { // as "%02x": the channels are 0..255
            sb.append(Character.forDigit(x >> 4 & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
        }
        return sb.toString();
    }

    /** Whether text on {@code color(v, max)} should be white. */
    static boolean dark(long v, long max) {
        return v > 0 && position(v, max) > DARK_ABOVE;
    }

    /** Where a non-zero {@code v} sits between LOW (0) and HIGH (1). */
    private static double position(long v, long max) {
        return FLOOR + (1 - FLOOR) * level(v, max);
    }

    /** The legend's light end: the colour of 1 on a scale up to a million. */
    static String legendLow() {
        return color(1, 1_000_000);
    }

    /** The legend's dark end: the colour of the largest value. */
    static String legendHigh() {
        return color(1, 1);
    }

    /**
     * The scale as JSON for the page's script ({@code matrix-common.js} reads these names):
     * {@code {"empty":"#ffffff","low":[r,g,b],"high":[r,g,b],"floor":f,"darkAbove":d}}.
     */
    static String json() {
        return "{\"empty\":\"" + EMPTY + "\",\"low\":[" + LOW[0] + "," + LOW[1] + "," + LOW[2] + "],\"high\":["
                + HIGH[0] + "," + HIGH[1] + "," + HIGH[2] + "],\"floor\":" + FLOOR + ",\"darkAbove\":" + DARK_ABOVE
                + "}";
    }
}
