package org.qmpi4j.report.render;

import java.util.List;
import java.util.Locale;
import org.qmpi4j.report.profile.CallStats;
import org.qmpi4j.report.profile.Profile;
import org.qmpi4j.report.profile.Units;

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
 * and its script draws them on a canvas (same colours, same hover box).
 */
public final class MatrixHtml {
    private static final int LABELLED_MAX_RANKS = 16;
    static final int TABLE_MAX_RANKS = 128;

    private MatrixHtml() {
    }

    public static String render(Profile p) {
        int n = p.ranks();
        long[][] bytes = p.matrixBytes();
        long[][] messages = p.matrixMessages();
        long maxBytes = Heat.max(bytes);
        long maxMessages = Heat.max(messages);
        boolean labels = n <= LABELLED_MAX_RANKS;
        int cellPx = n <= 8 ? 64 : n <= 16 ? 44 : n <= 64 ? 14 : n <= 256 ? 6 : 3;

        StringBuilder h = new StringBuilder(4096 + n * n * 160);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        h.append("<title>qmpi4j: point-to-point communication, ").append(n).append(" ranks</title>\n");
        h.append("<style>\n")
                .append("body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px;color:#1b1f24}\n")
                .append("h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:0 0 8px}\n")
                .append(".meta{color:#57606a;margin:0 0 16px}\n")
                .append(".layout{display:flex;gap:40px;align-items:flex-start;flex-wrap:wrap}\n")
                .append("table.matrix{border-collapse:collapse}\n")
                .append("table.matrix th{font-weight:normal;color:#57606a;font-size:12px;padding:2px 4px}\n")
                .append("table.matrix td.cell{width:").append(cellPx).append("px;height:").append(cellPx)
                .append("px;padding:0;border:1px solid #d0d7de;text-align:center;font-size:11px;cursor:default}\n")
                .append("table.matrix td.cell.dark{color:#fff}\n")
                .append("table.matrix td.cell:hover{outline:2px solid #cf222e;outline-offset:-2px}\n")
                .append(".controls{margin:0 0 8px}\n")
                .append(".legend{display:flex;align-items:center;gap:8px;margin-top:8px;color:#57606a;font-size:12px}\n")
                .append(".legend .bar{width:160px;height:10px;background:linear-gradient(90deg,")
                .append(Heat.color(1, 1000000)).append(',').append(Heat.color(1000000, 1000000)).append(")}\n")
                .append("table.side{border-collapse:collapse;font-size:13px}\n")
                .append("table.side th,table.side td{padding:3px 10px;border-bottom:1px solid #d0d7de;text-align:right}\n")
                .append("table.side th:first-child,table.side td:first-child{text-align:left}\n")
                .append(".tip{position:fixed;pointer-events:none;background:#1b1f24;color:#fff;padding:6px 8px;")
                .append("border-radius:4px;font-size:12px;white-space:nowrap}\n")
                .append("</style>\n</head>\n");
        h.append("<body data-ranks=\"").append(n).append("\">\n");
        h.append("<h1>Point-to-point communication between ranks</h1>\n");
        h.append("<p class=\"meta\">").append(Heat.escape(p.binding())).append(" &middot; ").append(n)
                .append(n == 1 ? " rank" : " ranks").append(" &middot; ")
                .append(Heat.escape(TextReport.pair(Heat.sum(bytes), Heat.sum(messages))))
                .append(" sent point-to-point &middot; row = sender, column = receiver (COMM_WORLD ranks)");
        if (!p.complete()) {
            h.append(" &middot; <strong>incomplete: no data from rank(s) ").append(p.missingRanks()).append("</strong>");
        }
        h.append("</p>\n<div class=\"layout\">\n<div>\n");
        h.append("<div class=\"controls\">colour by <label><input type=\"radio\" name=\"metric\" value=\"bytes\" checked> bytes</label> ")
                .append("<label><input type=\"radio\" name=\"metric\" value=\"messages\"> messages</label></div>\n");
        if (n <= TABLE_MAX_RANKS) {
            table(h, bytes, messages, maxBytes, maxMessages, labels);
        } else {
            canvas(h, bytes, messages, maxBytes, maxMessages);
        }
        h.append("<div class=\"legend\"><span id=\"legend-min\">0</span><span class=\"bar\"></span><span id=\"legend-max\">")
                .append(Heat.escape(Units.bytes(maxBytes))).append("</span><span>(logarithmic)</span></div>\n");
        h.append("</div>\n<div>\n");
        collectives(h, p);
        busiest(h, bytes, messages);
        h.append("</div>\n</div>\n<div class=\"tip\" id=\"tip\" hidden></div>\n");
        h.append(n <= TABLE_MAX_RANKS ? TABLE_SCRIPT : CANVAS_SCRIPT);
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    private static void table(StringBuilder h, long[][] bytes, long[][] messages, long maxBytes, long maxMessages,
            boolean labels) {
        int n = bytes.length;
        h.append("<table class=\"matrix\" id=\"matrix\" data-max-bytes=\"").append(maxBytes).append("\" data-max-messages=\"")
                .append(maxMessages).append("\">\n<thead><tr><th>from \\ to</th>");
        for (int j = 0; j < n; j++) {
            h.append("<th scope=\"col\">").append(j).append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (int i = 0; i < n; i++) {
            h.append("<tr><th scope=\"row\">").append(i).append("</th>");
            for (int j = 0; j < n; j++) {
                long b = bytes[i][j];
                long m = messages[i][j];
                h.append("<td class=\"cell").append(Heat.dark(b, maxBytes) ? " dark" : "").append("\" data-from=\"").append(i)
                        .append("\" data-to=\"").append(j).append("\" data-bytes=\"").append(b).append("\" data-messages=\"")
                        .append(m).append("\" title=\"rank ").append(i).append(" to rank ").append(j).append(": ")
                        .append(Heat.escape(TextReport.pair(b, m))).append("\" style=\"background:")
                        .append(Heat.color(b, maxBytes)).append("\">");
                if (labels && b > 0) {
                    h.append(Heat.escape(compact(b)));
                }
                h.append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody>\n</table>\n");
    }

    /** The non-empty cells as {@code [from, to, bytes, messages]} data for the canvas script. */
    private static void canvas(StringBuilder h, long[][] bytes, long[][] messages, long maxBytes, long maxMessages) {
        int n = bytes.length;
        int cell = Math.max(1, Math.min(6, 800 / n));
        h.append("<canvas id=\"matrix\" width=\"").append(n * cell).append("\" height=\"").append(n * cell)
                .append("\" style=\"border:1px solid #d0d7de\" data-cell=\"").append(cell).append("\" data-ranks=\"")
                .append(n).append("\" data-max-bytes=\"").append(maxBytes).append("\" data-max-messages=\"")
                .append(maxMessages).append("\"></canvas>\n");
        h.append("<script type=\"application/json\" id=\"matrix-data\">[");
        boolean first = true;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (bytes[i][j] != 0 || messages[i][j] != 0) {
                    h.append(first ? "" : ",").append('[').append(i).append(',').append(j).append(',')
                            .append(bytes[i][j]).append(',').append(messages[i][j]).append(']');
                    first = false;
                }
            }
        }
        h.append("]</script>\n");
    }

    private static void collectives(StringBuilder h, Profile p) {
        h.append("<h2>Collectives</h2>\n");
        List<String> names = p.collectivesByTime();
        if (names.isEmpty()) {
            h.append("<p class=\"meta\">none</p>\n");
            return;
        }
        h.append("<table class=\"side\" id=\"collectives\"><thead><tr><th>function</th><th>calls</th><th>time</th><th>bytes</th></tr></thead><tbody>\n");
        for (String f : names) {
            CallStats s = p.functions().get(f).total();
            h.append("<tr><td>").append(Heat.escape(f)).append("</td><td>").append(s.calls()).append("</td><td>")
                    .append(Heat.escape(Units.seconds(s.timeNs() / 1e9))).append("</td><td>")
                    .append(Heat.escape(Units.bytes(s.bytes()))).append("</td></tr>\n");
        }
        h.append("</tbody></table>\n");
    }

    private static void busiest(StringBuilder h, long[][] bytes, long[][] messages) {
        int n = bytes.length;
        java.util.List<int[]> pairs = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (messages[i][j] > 0) {
                    pairs.add(new int[] {i, j});
                }
            }
        }
        if (pairs.isEmpty()) {
            return;
        }
        pairs.sort((a, b) -> Long.compare(bytes[b[0]][b[1]], bytes[a[0]][a[1]]));
        h.append("<h2 style=\"margin-top:20px\">Busiest pairs</h2>\n<table class=\"side\"><thead><tr><th>from &rarr; to</th>")
                .append("<th>bytes</th><th>messages</th></tr></thead><tbody>\n");
        for (int[] pr : pairs.subList(0, Math.min(10, pairs.size()))) {
            h.append("<tr><td>").append(pr[0]).append(" &rarr; ").append(pr[1]).append("</td><td>")
                    .append(Heat.escape(Units.bytes(bytes[pr[0]][pr[1]]))).append("</td><td>").append(messages[pr[0]][pr[1]])
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
        return (d < 10 ? String.format(Locale.ROOT, "%.1f", d) : String.format(Locale.ROOT, "%.0f", d)) + suffix[s];
    }

    /**
     * Hover box and the bytes/messages switch; recolours with the same scale as {@link Heat}.
     * Marks the body with the number of cells it wired, which tests read from the rendered page.
     */
    private static final String TABLE_SCRIPT = "<script>\n"
            + "(function () {\n"
            + "  'use strict';\n"
            + "  var table = document.getElementById('matrix');\n"
            + "  var tip = document.getElementById('tip');\n"
            + "  var cells = table.querySelectorAll('td.cell');\n"
            + "  var labelled = cells.length <= " + LABELLED_MAX_RANKS * LABELLED_MAX_RANKS + ";\n"
            + "  function units(b) {\n"
            + "    var u = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'], i = 0;\n"
            + "    while (b >= 1024 && i < u.length - 1) { b /= 1024; i++; }\n"
            + "    return (i === 0 ? b : b.toFixed(1)) + ' ' + u[i];\n"
            + "  }\n"
            + "  function compact(v) {\n"
            + "    var s = ['', 'k', 'M', 'G', 'T', 'P'], i = 0;\n"
            + "    while (v >= 1000 && i < s.length - 1) { v /= 1000; i++; }\n"
            + "    return i === 0 ? String(v) : (v < 10 ? v.toFixed(1) : v.toFixed(0)) + s[i];\n"
            + "  }\n"
            + "  function colour(v, max) {\n"
            + "    if (v <= 0 || max <= 0) { return ['#ffffff', false]; }\n"
            + "    var t = 0.15 + 0.85 * Math.log1p(v) / Math.log1p(max);\n"
            + "    var lo = [0xde, 0xeb, 0xf7], hi = [0x08, 0x30, 0x6b], c = '#';\n"
            + "    for (var k = 0; k < 3; k++) {\n"
            + "      var x = Math.round(lo[k] + (hi[k] - lo[k]) * t);\n"
            + "      c += (x < 16 ? '0' : '') + x.toString(16);\n"
            + "    }\n"
            + "    return [c, t > 0.55];\n"
            + "  }\n"
            + "  function paint(metric) {\n"
            + "    var max = Number(table.getAttribute('data-max-' + metric));\n"
            + "    for (var i = 0; i < cells.length; i++) {\n"
            + "      var v = Number(cells[i].getAttribute('data-' + metric));\n"
            + "      var c = colour(v, max);\n"
            + "      cells[i].style.background = c[0];\n"
            + "      cells[i].classList.toggle('dark', c[1]);\n"
            + "      if (labelled) { cells[i].textContent = v > 0 ? compact(v) : ''; }\n"
            + "    }\n"
            + "    document.getElementById('legend-max').textContent = metric === 'bytes' ? units(max) : max + ' messages';\n"
            + "  }\n"
            + "  for (var i = 0; i < cells.length; i++) {\n"
            + "    var cell = cells[i];\n"
            + "    cell.setAttribute('data-title', cell.getAttribute('title'));\n"
            + "    cell.removeAttribute('title');\n"
            + "    cell.addEventListener('mousemove', function (e) {\n"
            + "      var c = e.currentTarget, m = Number(c.getAttribute('data-messages'));\n"
            + "      tip.textContent = 'rank ' + c.getAttribute('data-from') + ' \\u2192 rank ' + c.getAttribute('data-to') + ': '\n"
            + "          + units(Number(c.getAttribute('data-bytes'))) + ' in ' + m + (m === 1 ? ' message' : ' messages');\n"
            + "      tip.style.left = (e.clientX + 14) + 'px';\n"
            + "      tip.style.top = (e.clientY + 14) + 'px';\n"
            + "      tip.hidden = false;\n"
            + "    });\n"
            + "    cell.addEventListener('mouseleave', function () { tip.hidden = true; });\n"
            + "  }\n"
            + "  var radios = document.querySelectorAll('input[name=metric]');\n"
            + "  for (var r = 0; r < radios.length; r++) {\n"
            + "    radios[r].addEventListener('change', function (e) { paint(e.target.value); });\n"
            + "  }\n"
            + "  document.body.setAttribute('data-cells', String(cells.length));\n"
            + "})();\n"
            + "</script>\n";

    /** For large jobs: draws the non-empty cells on the canvas; hover and switch as for the table. */
    private static final String CANVAS_SCRIPT = "<script>\n"
            + "(function () {\n"
            + "  'use strict';\n"
            + "  var canvas = document.getElementById('matrix');\n"
            + "  var tip = document.getElementById('tip');\n"
            + "  var n = Number(canvas.getAttribute('data-ranks')), size = Number(canvas.getAttribute('data-cell'));\n"
            + "  var cells = JSON.parse(document.getElementById('matrix-data').textContent);\n"
            + "  var byPair = new Map();\n"
            + "  cells.forEach(function (c) { byPair.set(c[0] * n + c[1], c); });\n"
            + "  function units(b) {\n"
            + "    var u = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'], i = 0;\n"
            + "    while (b >= 1024 && i < u.length - 1) { b /= 1024; i++; }\n"
            + "    return (i === 0 ? b : b.toFixed(1)) + ' ' + u[i];\n"
            + "  }\n"
            + "  function colour(v, max) {\n"
            + "    var t = 0.15 + 0.85 * Math.log1p(v) / Math.log1p(max);\n"
            + "    var lo = [0xde, 0xeb, 0xf7], hi = [0x08, 0x30, 0x6b];\n"
            + "    return 'rgb(' + [0, 1, 2].map(function (k) { return Math.round(lo[k] + (hi[k] - lo[k]) * t); }).join(',') + ')';\n"
            + "  }\n"
            + "  function paint(metric) {\n"
            + "    var g = canvas.getContext('2d'), at = metric === 'bytes' ? 2 : 3;\n"
            + "    var max = Number(canvas.getAttribute('data-max-' + metric));\n"
            + "    g.fillStyle = '#ffffff';\n"
            + "    g.fillRect(0, 0, canvas.width, canvas.height);\n"
            + "    cells.forEach(function (c) {\n"
            + "      if (c[at] > 0) { g.fillStyle = colour(c[at], max); g.fillRect(c[1] * size, c[0] * size, size, size); }\n"
            + "    });\n"
            + "    document.getElementById('legend-max').textContent = metric === 'bytes' ? units(max) : max + ' messages';\n"
            + "  }\n"
            + "  canvas.addEventListener('mousemove', function (e) {\n"
            + "    var r = canvas.getBoundingClientRect();\n"
            + "    var i = Math.floor((e.clientY - r.top) / size), j = Math.floor((e.clientX - r.left) / size);\n"
            + "    var c = byPair.get(i * n + j) || [i, j, 0, 0];\n"
            + "    tip.textContent = 'rank ' + i + ' \\u2192 rank ' + j + ': ' + units(c[2]) + ' in ' + c[3]\n"
            + "        + (c[3] === 1 ? ' message' : ' messages');\n"
            + "    tip.style.left = (e.clientX + 14) + 'px';\n"
            + "    tip.style.top = (e.clientY + 14) + 'px';\n"
            + "    tip.hidden = false;\n"
            + "  });\n"
            + "  canvas.addEventListener('mouseleave', function () { tip.hidden = true; });\n"
            + "  var radios = document.querySelectorAll('input[name=metric]');\n"
            + "  for (var k = 0; k < radios.length; k++) {\n"
            + "    radios[k].addEventListener('change', function (e) { paint(e.target.value); });\n"
            + "  }\n"
            + "  paint('bytes');\n"
            + "  document.body.setAttribute('data-cells', String(n * n));\n"
            + "})();\n"
            + "</script>\n";
}
