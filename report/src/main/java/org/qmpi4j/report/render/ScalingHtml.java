package org.qmpi4j.report.render;

import java.util.List;
import java.util.Locale;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.profile.Units;
import org.qmpi4j.report.compare.ScalingStudy;

/**
 * {@code qmpi4j compare}'s page: one self-contained file (no script, no external resource) with
 * the runs, a chart of the speedup against perfect scaling, the verdict, and the parts' tables of
 * {@link ScalingText}, each part's excess drawn as a bar.
 */
public final class ScalingHtml {
    private static final int W = 420;
    private static final int H = 260;
    private static final int PAD = 40;

    private ScalingHtml() {}

    public static String render(ScalingStudy s) {
        StringBuilder sb = new StringBuilder(16384);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>qmpi4j compare</title>\n")
                .append("<style>body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}")
                .append("table{border-collapse:collapse;margin:.5em 0 1.5em}")
                .append("th,td{padding:.25em .6em;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}")
                .append("th:first-child,td:first-child{text-align:left;font-family:monospace}")
                .append(".bar{display:inline-block;height:.7em;background:#e57373;vertical-align:middle}")
                .append(".verdict{font-weight:600}svg text{font-size:11px}</style></head><body>\n")
                .append("<h1>qmpi4j compare</h1>\n<p>")
                .append(s.mode() == ScalingStudy.Mode.STRONG ? "Strong" : "Weak")
                .append(" scaling over ")
                .append(s.runs().size())
                .append(" runs, ordered by ranks. A run's time is its slowest rank's, from the end of MPI_Init to the")
                .append(" start of MPI_Finalize.</p>\n");
        runs(sb, s);
        chart(sb, s);
        sb.append("<p class=\"verdict\">")
                .append(Markup.escape(ScalingText.verdict(s)))
                .append("</p>\n");
        parts(sb, s, "Time per rank by part", s.functions());
        parts(sb, s, "Time per rank by call site", s.sites());
        if (!s.iterations().isEmpty()) {
            sb.append("<h2>Iterations (steady state: after the warm-up)</h2>\n<table><tr><th></th>");
            runHeads(sb, s);
            sb.append("</tr>\n");
            for (int row = 0; row < s.iterations().size(); row++) {
                ScalingStudy.Figure f = s.iterations().get(row);
                sb.append("<tr><td>").append(Markup.escape(f.name())).append("</td>");
                for (double v : f.values()) {
                    sb.append("<td>")
                            .append(
                                    row == 0
                                            ? Long.toString(Math.round(v))
                                            : row == 1 ? Units.seconds(v) : Decimals.fixed(v, 2))
                            .append("</td>");
                }
                sb.append("</tr>\n");
            }
            sb.append("</table>\n");
        }
        figures(sb, s, "Waiting per rank, by pattern", s.waits());
        figures(sb, s, "JVM pauses per rank (mean over ranks)", s.jvm());
        sb.append("</body></html>\n");
        return sb.toString();
    }

    /** A column head per run: its name and ranks, e.g. {@code A (4)}. */
    private static void runHeads(StringBuilder sb, ScalingStudy s) {
        for (int i = 0; i < s.runs().size(); i++) {
            sb.append("<th>")
                    .append(ComparisonText.name(i))
                    .append(" (")
                    .append(s.runs().get(i).ranks())
                    .append(")</th>");
        }
    }

    private static void runs(StringBuilder sb, ScalingStudy s) {
        sb.append("<table><tr><th>run</th><th>ranks</th><th>time</th><th>speedup</th><th>efficiency</th>")
                .append("<th>results</th></tr>\n");
        for (int i = 0; i < s.runs().size(); i++) {
            ScalingStudy.Run r = s.runs().get(i);
            sb.append("<tr><td>")
                    .append(ComparisonText.name(i))
                    .append("</td><td>")
                    .append(r.ranks())
                    .append("</td><td>")
                    .append(Units.seconds(r.seconds()))
                    .append("</td><td>")
                    .append(Decimals.fixed(r.speedup(), 2))
                    .append("</td><td>")
                    .append(Decimals.fixed(100 * r.efficiency(), 0))
                    .append("%</td><td style=\"text-align:left\">")
                    .append(Markup.escape(r.label()))
                    .append("</td></tr>\n");
        }
        sb.append("</table>\n");
    }

    /** Speedup over ranks: measured (line with points) and perfect (dashed), both axes linear. */
    private static void chart(StringBuilder sb, ScalingStudy s) {
        List<ScalingStudy.Run> runs = s.runs();
        int p0 = Math.max(1, runs.get(0).ranks());
        double maxRanks = runs.get(runs.size() - 1).ranks();
        double maxSpeedup = 1;
        for (ScalingStudy.Run r : runs) {
            // Perfect scaling is a speedup of ranks / p0 in both modes (weak: the scaled speedup).
            double ideal = (double) r.ranks() / p0;
            maxSpeedup = Math.max(maxSpeedup, Math.max(ideal, Double.isNaN(r.speedup()) ? 0 : r.speedup()));
        }
        sb.append("<svg role=\"img\" aria-label=\"speedup over ranks\" width=\"")
                .append(W)
                .append("\" height=\"")
                .append(H)
                .append("\" viewBox=\"0 0 ")
                .append(W)
                .append(' ')
                .append(H)
                .append("\">\n<title>speedup against perfect scaling</title>\n")
                .append(line(PAD, H - PAD, W - 10, H - PAD, "#888", false))
                .append(line(PAD, 10, PAD, H - PAD, "#888", false))
                .append(text(W / 2.0, H - 8, "ranks"))
                .append("<text x=\"14\" y=\"")
                .append(f(H / 2.0))
                .append("\" text-anchor=\"middle\" transform=\"rotate(-90 14 ")
                .append(f(H / 2.0))
                .append(")\">speedup</text>\n");
        StringBuilder measured = new StringBuilder();
        double lastX = 0;
        double lastY = 0;
        for (int i = 0; i < runs.size(); i++) {
            ScalingStudy.Run r = runs.get(i);
            double x = x(r.ranks(), maxRanks);
            double y = y(Double.isNaN(r.speedup()) ? 0 : r.speedup(), maxSpeedup);
            double idealY = y((double) r.ranks() / p0, maxSpeedup);
            if (i > 0) {
                sb.append(line(lastX, lastY, x, idealY, "#999", true));
            }
            lastX = x;
            lastY = idealY;
            measured.append(i == 0 ? "M" : "L").append(f(x)).append(' ').append(f(y));
            sb.append("<circle cx=\"")
                    .append(f(x))
                    .append("\" cy=\"")
                    .append(f(y))
                    .append("\" r=\"4\" fill=\"#1565c0\"><title>")
                    .append(r.ranks())
                    .append(" ranks: speedup ")
                    .append(Decimals.fixed(r.speedup(), 2))
                    .append(", efficiency ")
                    .append(Decimals.fixed(100 * r.efficiency(), 0))
                    .append("%</title></circle>\n")
                    .append(text(x, H - PAD + 14, Integer.toString(r.ranks())));
        }
        sb.append("<path d=\"")
                .append(measured)
                .append("\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\"/>\n")
                .append(text(PAD - 14, y(maxSpeedup, maxSpeedup) + 4, Decimals.fixed(maxSpeedup, 1)))
                .append(text(PAD - 14, y(1, maxSpeedup) + 4, "1.0"))
                .append(text(W - 70, 20, "- - perfect"))
                .append("</svg>\n");
    }

    private static double x(double ranks, double maxRanks) {
        return PAD + (W - PAD - 20) * ranks / Math.max(1, maxRanks);
    }

    private static double y(double speedup, double max) {
        return H - PAD - (H - PAD - 20) * speedup / max;
    }

    private static String line(double x1, double y1, double x2, double y2, String colour, boolean dashed) {
        return "<line x1=\"" + f(x1) + "\" y1=\"" + f(y1) + "\" x2=\"" + f(x2) + "\" y2=\"" + f(y2) + "\" stroke=\""
                + colour + "\"" + (dashed ? " stroke-dasharray=\"4 3\"" : "") + "/>\n";
    }

    private static String text(double x, double y, String s) {
        return "<text x=\"" + f(x) + "\" y=\"" + f(y) + "\" text-anchor=\"middle\">" + Markup.escape(s) + "</text>\n";
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static void parts(StringBuilder sb, ScalingStudy s, String title, List<ScalingStudy.Part> parts) {
        int n = s.runs().size();
        sb.append("<h2>").append(title).append("</h2>\n<table><tr><th>part</th>");
        runHeads(sb, s);
        sb.append("<th>ideal</th><th>excess</th><th></th></tr>\n");
        double largest = 0;
        for (ScalingStudy.Part p : parts) {
            largest = Math.max(largest, Math.abs(p.excess()));
        }
        for (ScalingStudy.Part p : parts) {
            sb.append("<tr><td>").append(Markup.escape(p.name())).append("</td>");
            for (int i = 0; i < n; i++) {
                sb.append("<td>").append(Units.seconds(p.perRank()[i])).append("</td>");
            }
            double e = p.excess();
            sb.append("<td>")
                    .append(Units.seconds(p.ideal()[n - 1]))
                    .append("</td><td>")
                    .append(e < 0 ? "-" : "+")
                    .append(Units.seconds(Math.abs(e)))
                    .append("</td><td style=\"text-align:left\">");
            if (e > 0 && largest > 0) {
                sb.append("<span class=\"bar\" style=\"width:")
                        .append(f(120 * e / largest))
                        .append("px\"></span>");
            }
            sb.append("</td></tr>\n");
        }
        sb.append("</table>\n");
    }

    private static void figures(StringBuilder sb, ScalingStudy s, String title, List<ScalingStudy.Figure> figures) {
        if (figures.isEmpty()) {
            return;
        }
        sb.append("<h2>").append(title).append("</h2>\n<table><tr><th></th>");
        runHeads(sb, s);
        sb.append("</tr>\n");
        for (ScalingStudy.Figure f : figures) {
            sb.append("<tr><td>").append(Markup.escape(f.name())).append("</td>");
            for (double v : f.values()) {
                sb.append("<td>").append(Units.seconds(v)).append("</td>");
            }
            sb.append("</tr>\n");
        }
        sb.append("</table>\n");
    }
}
