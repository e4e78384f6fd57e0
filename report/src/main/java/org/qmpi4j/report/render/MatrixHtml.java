package org.qmpi4j.report.render;

import java.util.List;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.TrafficMatrix;
import org.qmpi4j.formats.profile.Units;

/**
 * The communication matrix as one self-contained HTML page ({@code matrix.html}): an N×N heatmap
 * of the point-to-point bytes (or messages) each rank sent to each other rank, a tooltip per cell
 * with the pair's bytes and messages, and the collectives summarised beside it. No external
 * scripts, styles or fonts: it opens from a cluster's file system or a mail attachment.
 *
 * <p>Up to {@value #TABLE_MAX_RANKS} ranks the cells are plain table cells with their colour
 * inline, so the page shows the heatmap even with scripts off; the small script adds the hover box
 * and the bytes/messages switch, and marks {@code <body data-cells="N×N">} when it has run. Beyond
 * that a table would weigh hundreds of megabytes, so the page carries the non-empty cells as data
 * and its script draws them on a canvas (same colours, same hover box): with more ranks than the
 * canvas has pixels, each pixel is a block of ranks with the sums of its pairs; a click zooms into
 * a block, down to single pairs.
 *
 * <p>The style and the scripts are resource files beside this class ({@code matrix.css},
 * {@code matrix-common.js}, {@code matrix-table.js}, {@code matrix-canvas.js}), inlined into every
 * page; the colour scale is {@link HeatScale}'s, given to the script as data.
 */
public final class MatrixHtml {
    private static final int LABELLED_MAX_RANKS = 16;
    static final int TABLE_MAX_RANKS = 128;
    /** Side of the canvas in CSS pixels: beyond this many ranks, a pixel shows a block of ranks. */
    static final int CANVAS_PX = 768;
    /** Most pairs the page carries one by one (about 25 MB of data); beyond, blocks. */
    static final int PAGE_MAX_PAIRS = 1_000_000;
    /**
     * Most pairs {@code report.html} carries one by one (about 1.6 MB): the matrix is one section of
     * that page among many, and {@code matrix.html} beside it has the finer view.
     */
    static final int REPORT_MAX_PAIRS = 65_536;

    private MatrixHtml() {}

    public static String render(Profile p) {
        int n = p.ranks();
        TrafficMatrix traffic = p.matrix();

        StringBuilder h = new StringBuilder(
                4096 + (n <= TABLE_MAX_RANKS ? n * n * 160 : (int) Math.min(1L << 28, traffic.pairs() * 24L)));
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        h.append("<title>qmpi4j: point-to-point communication, ").append(n).append(" ranks</title>\n");
        h.append("<style>\n").append(style(n)).append("</style>\n</head>\n");
        h.append("<body data-ranks=\"").append(n).append("\">\n");
        h.append("<h1>Point-to-point communication between ranks</h1>\n");
        h.append("<p class=\"meta\">")
                .append(Markup.escape(p.binding()))
                .append(" &middot; ")
                .append(n)
                .append(n == 1 ? " rank" : " ranks")
                .append(" &middot; ")
                .append(Markup.escape(TextReport.pair(traffic.totalBytes(), traffic.totalMessages())))
                .append(" sent point-to-point &middot; row = sender, column = receiver (COMM_WORLD ranks)");
        if (!p.complete()) {
            h.append(" &middot; <strong>incomplete: no data from rank(s) ")
                    .append(p.missingRanks())
                    .append("</strong>");
        }
        h.append("</p>\n");
        appendMatrix(h, p, true, PAGE_MAX_PAIRS);
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    /**
     * The page's style for {@code ranks} ranks: what varies per page as custom properties, then the
     * fixed sheet ({@code matrix.css} reads them). {@code report.html} takes it too.
     */
    static String style(int ranks) {
        int cellPx = ranks <= 8 ? 64 : ranks <= 16 ? 44 : ranks <= 64 ? 14 : ranks <= 256 ? 6 : 3;
        return ":root{--cell:" + cellPx + "px;--heat-low:" + HeatScale.legendLow() + ";--heat-high:"
                + HeatScale.legendHigh() + "}\n" + STYLE;
    }

    /**
     * The matrix with its switch, legend, side tables (collectives when {@code withCollectives}, and
     * the busiest pairs), hover box, colour scale and script, for the body of {@code matrix.html}
     * and of {@code report.html}. Uses the element ids {@code matrix}, {@code tip},
     * {@code heat-scale}, {@code matrix-data}, {@code legend-min}, {@code legend-max},
     * {@code zoom-out}, {@code zoom-all}, {@code zoom-where}. Beyond {@code maxPairs} non-empty
     * pairs the data is grouped into blocks of ranks (see {@link #canvas}).
     */
    static void appendMatrix(StringBuilder h, Profile p, boolean withCollectives, int maxPairs) {
        int n = p.ranks();
        TrafficMatrix traffic = p.matrix();
        long maxBytes = traffic.maxBytes();
        long maxMessages = traffic.maxMessages();
        boolean labels = n <= LABELLED_MAX_RANKS;
        h.append("<div class=\"layout\">\n<div>\n");
        h.append(
                        "<div class=\"controls\">colour by <label><input type=\"radio\" name=\"metric\" value=\"bytes\" checked> bytes</label> ")
                .append("<label><input type=\"radio\" name=\"metric\" value=\"messages\"> messages</label>");
        if (n > TABLE_MAX_RANKS) {
            h.append(" <button type=\"button\" id=\"zoom-out\" disabled>zoom out</button>")
                    .append(" <button type=\"button\" id=\"zoom-all\" disabled>whole matrix</button>")
                    .append(" <span class=\"zoom-where\" id=\"zoom-where\"></span>");
        }
        h.append("</div>\n");
        if (n <= TABLE_MAX_RANKS) {
            table(h, traffic.denseBytes(), traffic.denseMessages(), maxBytes, maxMessages, labels);
        } else {
            canvas(h, traffic, maxBytes, maxMessages, maxPairs);
        }
        h.append(
                        "<div class=\"legend\"><span id=\"legend-min\">0</span><span class=\"bar\"></span><span id=\"legend-max\">")
                .append(Markup.escape(Units.bytes(maxBytes)))
                .append("</span><span>(logarithmic")
                .append(n > TABLE_MAX_RANKS ? "; per block of ranks when a pixel holds several" : "")
                .append(")</span></div>\n");
        h.append("</div>\n<div>\n");
        if (withCollectives) {
            collectives(h, p);
        }
        busiest(h, traffic, withCollectives);
        h.append("</div>\n</div>\n<div class=\"tip\" id=\"tip\" hidden></div>\n");
        h.append("<script type=\"application/json\" id=\"heat-scale\">")
                .append(HeatScale.json())
                .append("</script>\n");
        h.append(n <= TABLE_MAX_RANKS ? TABLE_SCRIPT : CANVAS_SCRIPT);
    }

    private static void table(
            StringBuilder h, long[][] bytes, long[][] messages, long maxBytes, long maxMessages, boolean labels) {
        int n = bytes.length;
        h.append("<table class=\"matrix\" id=\"matrix\"")
                .append(labels ? " data-labels" : "")
                .append(" data-max-bytes=\"")
                .append(maxBytes)
                .append("\" data-max-messages=\"")
                .append(maxMessages)
                .append("\">\n<thead><tr><th>from \\ to</th>");
        for (int j = 0; j < n; j++) {
            h.append("<th scope=\"col\">").append(j).append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (int i = 0; i < n; i++) {
            h.append("<tr><th scope=\"row\">").append(i).append("</th>");
            for (int j = 0; j < n; j++) {
                long b = bytes[i][j];
                long m = messages[i][j];
                h.append("<td class=\"cell")
                        .append(HeatScale.dark(b, maxBytes) ? " dark" : "")
                        .append("\" data-from=\"")
                        .append(i)
                        .append("\" data-to=\"")
                        .append(j)
                        .append("\" data-bytes=\"")
                        .append(b)
                        .append("\" data-messages=\"")
                        .append(m)
                        .append("\" title=\"rank ")
                        .append(i)
                        .append(" to rank ")
                        .append(j)
                        .append(": ")
                        .append(Markup.escape(TextReport.pair(b, m)))
                        .append("\" style=\"background:")
                        .append(HeatScale.color(b, maxBytes))
                        .append("\">");
                if (labels && b > 0) {
                    h.append(Markup.escape(compact(b)));
                }
                h.append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody>\n</table>\n");
    }

    /**
     * The canvas and the non-empty cells as {@code [from, to, bytes, messages]} data for its script,
     * which groups ranks into blocks when there are more ranks than pixels. Beyond {@code maxPairs}
     * pairs the page would weigh more than a browser opens comfortably, so
     * the data is grouped here already, into blocks of {@code data-unit} ranks (a power of two):
     * the page then zooms down to blocks of that size, not to single pairs.
     */
    private static void canvas(StringBuilder h, TrafficMatrix traffic, long maxBytes, long maxMessages, int maxPairs) {
        int n = traffic.ranks();
        int unit = 1;
        TrafficMatrix data = traffic;
        while (data.pairs() > maxPairs) {
            unit *= 2;
            data = traffic.blocks(unit);
        }
        h.append("<div class=\"canvas-box\"><canvas id=\"matrix\" width=\"")
                .append(CANVAS_PX)
                .append("\" height=\"")
                .append(CANVAS_PX)
                .append("\" data-max-px=\"")
                .append(CANVAS_PX)
                .append("\" data-ranks=\"")
                .append(n)
                .append("\" data-unit=\"")
                .append(unit)
                .append("\" data-max-bytes=\"")
                .append(maxBytes)
                .append("\" data-max-messages=\"")
                .append(maxMessages)
                .append("\"></canvas></div>\n");
        h.append("<p class=\"meta\">click a block to zoom into it");
        if (unit > 1) {
            h.append("; the page holds blocks of ")
                    .append(unit)
                    .append(" ranks (")
                    .append(maxPairs < PAGE_MAX_PAIRS ? "matrix.html has finer ones, " : "")
                    .append("profile.json has every pair)");
        }
        h.append("</p>\n");
        h.append("<script type=\"application/json\" id=\"matrix-data\">[");
        data.forEach(new CellsJson(h));
        h.append("]</script>\n");
    }

    /** The pairs as a JSON array of {@code [from,to,bytes,messages]}; a named class, not a lambda linked at every job's end. */
    private static final class CellsJson implements TrafficMatrix.CellVisitor {
        private final StringBuilder h;
        private boolean first = true;

        CellsJson(StringBuilder h) {
            this.h = h;
        }

        @Override
        public void visit(int from, int to, long bytes, long messages) {
            h.append(first ? "" : ",")
                    .append('[')
                    .append(from)
                    .append(',')
                    .append(to)
                    .append(',')
                    .append(bytes)
                    .append(',')
                    .append(messages)
                    .append(']');
            first = false;
        }
    }

    // Rows begin as ReportHtml's collectives table's; the two pages' tables differ in columns and units.
    private static void collectives(StringBuilder h, Profile p) {
        h.append("<h2>Collectives</h2>\n");
        List<String> names = p.collectivesByTime();
        if (names.isEmpty()) {
            h.append("<p class=\"meta\">none</p>\n");
            return;
        }
        h.append(
                "<table class=\"side\" id=\"collectives\"><thead><tr><th>function</th><th>calls</th><th>time</th><th>bytes</th></tr></thead><tbody>\n");
        for (String f : names) {
            CallStats s = p.function(f).total();
            h.append("<tr><td>")
                    .append(Markup.escape(f))
                    .append("</td><td>")
                    .append(s.calls())
                    .append("</td><td>")
                    .append(Markup.escape(Units.seconds(s.timeNs() / 1e9)))
                    .append("</td><td>")
                    .append(Markup.escape(Units.bytes(s.bytes())))
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table>\n");
    }

    /** The ten pairs with the most bytes (ties in sender, receiver order), if any pair sent anything. */
    private static void busiest(StringBuilder h, TrafficMatrix traffic, boolean spaced) {
        List<long[]> top = RankMatrix.largest(traffic, 10);
        if (top.isEmpty()) {
            return;
        }
        h.append((spaced ? "<h2 style=\"margin-top:20px\">" : "<h2>")
                        + "Busiest pairs</h2>\n<table class=\"side\"><thead><tr><th>from &rarr; to</th>")
                .append("<th>bytes</th><th>messages</th></tr></thead><tbody>\n");
        for (long[] pr : top) {
            h.append("<tr><td>")
                    .append(pr[0])
                    .append(" &rarr; ")
                    .append(pr[1])
                    .append("</td><td>")
                    .append(Markup.escape(Units.bytes(pr[2])))
                    .append("</td><td>")
                    .append(pr[3])
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table>\n");
    }

    /** {@code 12}, {@code 4.1k}, {@code 3.2M}: short enough for a cell. */
    static String compact(long v) {
        if (v < 1000) {
            return Long.toString(v);
        }
        String[] suffix = {"k", "M", "G", "T", "P", "E"};
        double d = v;
        int s = -1;
        while (d >= 1000 && s < suffix.length - 1) {
            d /= 1000;
            s++;
        }
        return Decimals.fixed(d, d < 10 ? 1 : 0) + suffix[s];
    }

    /** The page's style sheet ({@code matrix.css}). */
    private static final String STYLE = Markup.resource("matrix.css");

    /**
     * Hover box and the bytes/messages switch over the table ({@code matrix-table.js}); recolours
     * with {@link HeatScale}'s scale, which the page carries as data. Marks the body with the number of
     * cells it wired, which tests read from the rendered page.
     */
    private static final String TABLE_SCRIPT = script("matrix-table.js");

    /** For large jobs: draws the non-empty cells on the canvas; hover and switch as for the table. */
    private static final String CANVAS_SCRIPT = script("matrix-canvas.js");

    /** One view's script after the shared part, in one function scope of its own. */
    private static String script(String view) {
        return "<script>\n(function () {\n'use strict';\n" + Markup.resource("matrix-common.js") + Markup.resource(view)
                + "})();\n</script>\n";
    }
}
