package org.qmpi4j.report.render;

import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.TrafficMatrix;
import org.qmpi4j.formats.profile.Units;

/**
 * The communication matrix as a standalone SVG image ({@code matrix.svg}) for papers and slides:
 * an N×N heatmap of point-to-point bytes (row = sender, column = receiver), each cell with a
 * {@code <title>} that viewers show on hover (the pair's bytes and messages), axis labels and a
 * legend. Above {@value #SPARSE_ABOVE_RANKS} ranks only the cells with traffic are drawn; above
 * {@value #BLOCKS_ABOVE_RANKS} ranks a cell is a block of ranks (at most {@value #MAX_CELLS_PER_SIDE}
 * blocks per side) with the sums of its pairs, or the image would hold up to N² shapes.
 */
public final class MatrixSvg {
    static final int SPARSE_ABOVE_RANKS = 64;
    static final int BLOCKS_ABOVE_RANKS = 512;
    static final int MAX_CELLS_PER_SIDE = 256;

    private MatrixSvg() {}

    public static String render(Profile p) {
        int ranks = p.ranks();
        TrafficMatrix traffic = p.matrix();
        int block = ranks > BLOCKS_ABOVE_RANKS ? (ranks + MAX_CELLS_PER_SIDE - 1) / MAX_CELLS_PER_SIDE : 1;
        TrafficMatrix shown = traffic.blocks(block);
        int n = shown.ranks();
        long max = shown.maxBytes();
        int cell = Math.max(3, Math.min(40, 640 / n));
        int labelEvery = n <= 32 ? 1 : (int) Math.ceil(n / 16.0);
        boolean sparse = ranks > SPARSE_ABOVE_RANKS;
        int left = 64;
        int top = 72;
        int grid = cell * n;
        int width = left + grid + 24;
        int height = top + grid + 64;

        StringBuilder s = new StringBuilder(2048 + Math.min(1 << 24, shown.pairs() * 200));
        s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(width)
                .append("\" height=\"")
                .append(height)
                .append("\" viewBox=\"0 0 ")
                .append(width)
                .append(' ')
                .append(height)
                .append("\" font-family=\"sans-serif\" font-size=\"11\">\n");
        s.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        s.append("<text x=\"")
                .append(left)
                .append("\" y=\"20\" font-size=\"14\" font-weight=\"bold\">Point-to-point bytes sent, ")
                .append(ranks)
                .append(ranks == 1 ? " rank" : " ranks")
                .append(block > 1 ? ", in blocks of " + block + " ranks" : "")
                .append("</text>\n");
        s.append("<text x=\"")
                .append(left)
                .append("\" y=\"36\" fill=\"#57606a\">")
                .append(Markup.escape(TextReport.pair(traffic.totalBytes(), traffic.totalMessages())))
                .append("; row = sender, column = receiver</text>\n");
        s.append("<text x=\"")
                .append(left + grid / 2)
                .append("\" y=\"")
                .append(top - 22)
                .append("\" text-anchor=\"middle\" fill=\"#57606a\">receiver</text>\n");
        s.append("<text transform=\"translate(")
                .append(16)
                .append(',')
                .append(top + grid / 2)
                .append(") rotate(-90)\" text-anchor=\"middle\" fill=\"#57606a\">sender</text>\n");
        for (int k = 0; k < n; k += labelEvery) {
            s.append("<text x=\"")
                    .append(left + k * cell + cell / 2)
                    .append("\" y=\"")
                    .append(top - 6)
                    .append("\" text-anchor=\"middle\">")
                    .append(k * block)
                    .append("</text>\n");
            s.append("<text x=\"")
                    .append(left - 6)
                    .append("\" y=\"")
                    .append(top + k * cell + cell / 2 + 4)
                    .append("\" text-anchor=\"end\">")
                    .append(k * block)
                    .append("</text>\n");
        }
        // Large jobs: a white grid and only the cells with traffic, or the image would hold N² shapes.
        if (sparse) {
            s.append("<rect x=\"")
                    .append(left)
                    .append("\" y=\"")
                    .append(top)
                    .append("\" width=\"")
                    .append(grid)
                    .append("\" height=\"")
                    .append(grid)
                    .append("\" fill=\"#ffffff\" stroke=\"#d0d7de\"/>\n");
        }
        s.append("<g id=\"cells\" stroke=\"#d0d7de\" stroke-width=\"")
                .append(cell >= 8 ? "1" : "0")
                .append("\">\n");
        if (sparse) {
            shown.forEach((i, j, b, m) -> cell(s, left, top, cell, i, j, b, m, max, block, ranks));
        } else {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    cell(s, left, top, cell, i, j, shown.bytes(i, j), shown.messages(i, j), max, block, ranks);
                }
            }
        }
        s.append("</g>\n");
        int ly = top + grid + 24;
        s.append("<defs><linearGradient id=\"scale\"><stop offset=\"0\" stop-color=\"")
                .append(HeatScale.legendLow())
                .append("\"/><stop offset=\"1\" stop-color=\"")
                .append(HeatScale.legendHigh())
                .append("\"/></linearGradient></defs>\n");
        s.append("<text x=\"").append(left).append("\" y=\"").append(ly + 9).append("\">0</text>\n");
        s.append("<rect x=\"")
                .append(left + 16)
                .append("\" y=\"")
                .append(ly)
                .append("\" width=\"120\" height=\"10\" fill=\"url(#scale)\"/>\n");
        s.append("<text x=\"")
                .append(left + 142)
                .append("\" y=\"")
                .append(ly + 9)
                .append("\">")
                .append(Markup.escape(Units.bytes(max)))
                .append(" (logarithmic)")
                .append("</text>\n");
        s.append("</svg>\n");
        return s.toString();
    }

    private static void cell(
            StringBuilder s,
            int left,
            int top,
            int cell,
            int i,
            int j,
            long bytes,
            long messages,
            long max,
            int block,
            int ranks) {
        s.append("<rect class=\"cell\" x=\"")
                .append(left + j * cell)
                .append("\" y=\"")
                .append(top + i * cell)
                .append("\" width=\"")
                .append(cell)
                .append("\" height=\"")
                .append(cell)
                .append("\" fill=\"")
                .append(HeatScale.color(bytes, max))
                .append("\"><title>")
                .append(ranksOf(i, block, ranks))
                .append(" to ")
                .append(ranksOf(j, block, ranks))
                .append(": ")
                .append(Markup.escape(TextReport.pair(bytes, messages)))
                .append("</title></rect>\n");
    }

    /** {@code rank 3}, or {@code ranks 16-31} for a block. */
    private static String ranksOf(int index, int block, int ranks) {
        if (block == 1) {
            return "rank " + index;
        }
        return "ranks " + index * block + "-" + (Math.min(ranks, (index + 1) * block) - 1);
    }
}
