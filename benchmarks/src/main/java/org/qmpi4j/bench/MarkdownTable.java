package org.qmpi4j.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A Markdown table with its columns padded, readable as plain text too. */
public final class MarkdownTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    public MarkdownTable(String... header) {
        this.columns = header.length;
        rows.add(header);
    }

    public MarkdownTable row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("expected " + columns + " cells, got " + Arrays.toString(cells));
        }
        String[] r = new String[columns];
        for (int i = 0; i < columns; i++) {
            r[i] = String.valueOf(cells[i]);
        }
        rows.add(r);
        return this;
    }

    @Override
    public String toString() {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], Math.max(3, r[i].length()));
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < rows.size(); k++) {
            line(sb, rows.get(k), width);
            if (k == 0) {
                String[] dashes = new String[columns];
                for (int i = 0; i < columns; i++) {
                    dashes[i] = "-".repeat(width[i]);
                }
                line(sb, dashes, width);
            }
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, String[] cells, int[] width) {
        sb.append('|');
        for (int i = 0; i < cells.length; i++) {
            sb.append(' ')
                    .append(cells[i])
                    .append(" ".repeat(width[i] - cells[i].length()))
                    .append(" |");
        }
        sb.append('\n');
    }
}
