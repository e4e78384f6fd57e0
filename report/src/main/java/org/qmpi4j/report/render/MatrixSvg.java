package org.qmpi4j.report.render;

import java.util.Locale;
import org.qmpi4j.report.profile.Profile;
import org.qmpi4j.report.profile.Units;

/**
 * The communication matrix as a standalone SVG image ({@code matrix.svg}) for papers and slides:
 * an N×N heatmap of point-to-point bytes (row = sender, column = receiver), each cell with a
 * {@code <title>} that viewers show on hover (the pair's bytes and messages), axis labels and a
 * legend. Above {@value #SPARSE_ABOVE_RANKS} ranks only the cells with traffic are drawn.
 */
public final class MatrixSvg {
    static final int SPARSE_ABOVE_RANKS = 64;

    private MatrixSvg() {}

    public static String render(Profile p) {
        int n = p.ranks();
        long[][] bytes = p.matrixBytes();
        long[][] messages = p.matrixMessages();
        long max = RankMatrix.max(bytes);
        int cell = Math.max(3, Math.min(40, 640 / n));
        int labelEvery = n <= 32 ? 1 : (int) Math.ceil(n / 16.0);
        int left = 64;
        int top = 72;
        int grid = cell * n;
        int width = left + grid + 24;
        int height = top + grid + 64;

        StringBuilder s = new StringBuilder(2048 + n * n * 200);
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
                .append(n)
                .append(n == 1 ? " rank" : " ranks")
                .append("</text>\n");
        s.append("<text x=\"")
                .append(left)
                .append("\" y=\"36\" fill=\"#57606a\">")
                .append(Markup.escape(TextReport.pair(RankMatrix.sum(bytes), RankMatrix.sum(messages))))
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
                    .append(k)
                    .append("</text>\n");
            s.append("<text x=\"")
                    .append(left - 6)
                    .append("\" y=\"")
                    .append(top + k * cell + cell / 2 + 4)
                    .append("\" text-anchor=\"end\">")
                    .append(k)
                    .append("</text>\n");
        }
        // Large jobs: a white grid and only the cells with traffic, or the image would hold N² shapes.
        boolean sparse = n > SPARSE_ABOVE_RANKS;
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
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (sparse && bytes[i][j] == 0 && messages[i][j] == 0) {
                    continue;
                }
                s.append("<rect class=\"cell\" x=\"")
                        .append(left + j * cell)
                        .append("\" y=\"")
                        .append(top + i * cell)
                        .append("\" width=\"")
                        .append(cell)
                        .append("\" height=\"")
                        .append(cell)
                        .append("\" fill=\"")
                        .append(HeatScale.color(bytes[i][j], max))
                        .append("\"><title>rank ")
                        .append(i)
                        .append(" to rank ")
                        .append(j)
                        .append(": ")
                        .append(Markup.escape(TextReport.pair(bytes[i][j], messages[i][j])))
                        .append("</title></rect>\n");
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
                .append(String.format(Locale.ROOT, " (logarithmic)"))
                .append("</text>\n");
        s.append("</svg>\n");
        return s.toString();
    }
}
