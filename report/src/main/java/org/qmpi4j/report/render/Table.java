package org.qmpi4j.report.render;

import java.util.ArrayList;
import java.util.List;

/**
 * A table of a header row and data rows, for {@code report.txt} (columns padded to their widest
 * cell, text columns left-aligned, the others right-aligned) or {@code report.html}.
 */
final class Table {
    private final String[] header;
    private final boolean[] leftAligned;
    private final List<String[]> rows = new ArrayList<>();

    /** Column names; a name starting with '<' marks a left-aligned column (the '<' is dropped). */
    Table(String... columns) {
        header = new String[columns.length];
        leftAligned = new boolean[columns.length];
        for (int i = 0; i < columns.length; i++) {
            leftAligned[i] = columns[i].startsWith("<");
            header[i] = leftAligned[i] ? columns[i].substring(1) : columns[i];
        }
    }

    Table row(Object... cells) {
        if (cells.length != header.length) {
            throw new IllegalArgumentException(cells.length + " cells for " + header.length + " columns");
        }
        String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            r[i] = String.valueOf(cells[i]);
        }
        rows.add(r);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void appendTo(StringBuilder out, String indent) {
        int[] width = new int[header.length];
        for (int i = 0; i < header.length; i++) {
            width[i] = header[i].length();
            for (String[] r : rows) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        line(out, indent, header, width);
        for (String[] r : rows) {
            line(out, indent, r, width);
        }
    }

    /**
     * The same rows as an HTML table of {@code report.html} ({@code class="data"}, its stylesheet
     * aligns the first column left and the others right), in a scrolling box.
     */
    void appendHtml(StringBuilder h, String id) {
        h.append("<div class=\"scroll\"><table class=\"data\" id=\"").append(id).append("\"><thead><tr>");
        for (String c : header) {
            h.append("<th>").append(Markup.escape(c)).append("</th>");
        }
        h.append("</tr></thead><tbody>\n");
        for (String[] r : rows) {
            h.append("<tr>");
            for (String c : r) {
                h.append("<td>").append(Markup.escape(c)).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n");
    }

    private void line(StringBuilder out, String indent, String[] cells, int[] width) {
        StringBuilder l = new StringBuilder(indent);
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                l.append("  ");
            }
            String c = cells[i];
            int pad = width[i] - c.length();
            if (leftAligned[i]) {
                l.append(c).append(" ".repeat(pad));
            } else {
                l.append(" ".repeat(pad)).append(c);
            }
        }
        // No trailing blanks from a left-aligned last column.
        int end = l.length();
        while (end > 0 && l.charAt(end - 1) == ' ') {
            end--;
        }
        out.append(l, 0, end).append('\n');
    }
}
