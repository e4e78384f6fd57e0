package org.qmpi4j.report.render;

import java.util.List;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.report.compare.ProfileComparison;

/**
 * {@code qmpi4j diff}'s page: the same sections as {@link ComparisonText}, all rows, one
 * self-contained file (no script, no external resource); a grown figure is marked red, a shrunk
 * one green, each with a bar: of its share of the section's largest change, or for the job's
 * figures (of different units) of its relative change.
 */
public final class ComparisonHtml {
    private ComparisonHtml() {}

    public static String render(ProfileComparison c) {
        StringBuilder sb = new StringBuilder(16384);
        sb.append(
                        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>qmpi4j diff</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}")
                .append("table{border-collapse:collapse;margin:.5em 0 1.5em}")
                .append("th,td{padding:.25em .6em;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}")
                .append("th:first-child,td:first-child{text-align:left;font-family:monospace}")
                .append(".up{color:#b00020}.down{color:#1b7f3b}")
                .append(".bar{display:inline-block;height:.7em;margin-left:.4em;vertical-align:middle}")
                .append(".up .bar{background:#e57373}.down .bar{background:#81c784}")
                .append("</style></head><body>\n<h1>qmpi4j diff</h1>\n<ul class=\"runs\">\n");
        for (int i = 0; i < c.labels().size(); i++) {
            sb.append("<li><b>")
                    .append(ComparisonText.name(i))
                    .append("</b> = ")
                    .append(Markup.escape(c.labels().get(i)))
                    .append(" (")
                    .append(c.ranks(i))
                    .append(" ranks)</li>\n");
        }
        sb.append(
                "</ul>\n<p>Changes from the first run to the last. Times are per rank (the sum over ranks divided by the"
                        + " ranks), so runs of different sizes compare; calls, messages and bytes are totals.</p>\n");
        section(sb, c, "Job", c.job(), true);
        section(sb, c, "MPI time per rank, by function", c.functions(), false);
        section(sb, c, "Calls, by function", c.functionCalls(), false);
        section(sb, c, "MPI time per rank, by call site", c.sites(), false);
        if (!c.waits().isEmpty()) {
            section(sb, c, "Waiting per rank, by pattern (why ranks wait)", c.waits(), false);
        }
        if (!c.jvm().isEmpty()) {
            section(sb, c, "What the JVM did, and the waiting it caused", c.jvm(), true);
        }
        sb.append("</body></html>\n");
        return sb.toString();
    }

    /**
     * @param relativeBars bars by relative change (the job's rows, of different units, share no
     *     scale), else by each row's change against the section's largest
     */
    private static void section(
            StringBuilder sb,
            ProfileComparison c,
            String title,
            List<ProfileComparison.Row> rows,
            boolean relativeBars) {
        sb.append("<h2>")
                .append(Markup.escape(title))
                .append("</h2>\n<table data-rows=\"")
                .append(rows.size())
                .append("\"><tr><th></th>");
        int runs = c.labels().size();
        for (int i = 0; i < runs; i++) {
            sb.append("<th>").append(ComparisonText.name(i)).append("</th>");
        }
        sb.append("<th>change</th><th>change %</th></tr>\n");
        double largest = 0;
        for (ProfileComparison.Row r : rows) {
            largest = Math.max(largest, Math.abs(r.change()));
        }
        for (ProfileComparison.Row r : rows) {
            sb.append("<tr><td>").append(Markup.escape(r.name())).append("</td>");
            for (int i = 0; i < runs; i++) {
                sb.append("<td>")
                        .append(Markup.escape(ComparisonText.format(r.value(i), r.unit())))
                        .append("</td>");
            }
            String cls = r.change() > 0 ? "up" : r.change() < 0 ? "down" : "";
            double share = relativeBars
                    ? (Double.isNaN(r.relativeChange()) ? 0 : Math.min(1, Math.abs(r.relativeChange())))
                    : largest == 0 ? 0 : Math.abs(r.change()) / largest;
            int width = (int) Math.round(60 * share);
            sb.append("<td class=\"")
                    .append(cls)
                    .append("\">")
                    .append(r.change() > 0 ? "+" : "")
                    .append(Markup.escape(ComparisonText.format(r.change(), r.unit())))
                    .append("<span class=\"bar\" style=\"width:")
                    .append(width)
                    .append("px\"></span></td>");
            double rel = r.relativeChange();
            sb.append("<td class=\"")
                    .append(cls)
                    .append("\">")
                    .append(
                            Double.isNaN(rel)
                                    ? (r.change() == 0 ? "0.0%" : "new")
                                    : (rel > 0 ? "+" : "") + Decimals.fixed(100 * rel, 1) + "%")
                    .append("</td></tr>\n");
        }
        sb.append("</table>\n");
    }
}
