package org.qmpi4j.report.render;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.waits.Pattern;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * The "Why ranks wait" section of {@code report.html}: the longest waits with call sites and late
 * partners, waiting per rank as bars by pattern, the delays that caused the waits, the critical
 * path, and for the worst few waits a small timeline of the two ranks with the arrow from the late
 * call to the call that waited for it. Plain SVG in the page: no script, no external viewer.
 */
final class WaitStatesHtml {
    /** Rank bars drawn: all ranks up to this many, else the ranks that waited most. */
    static final int BAR_RANKS = 64;

    /** A colour per wait pattern, by its ordinal. */
    static final String[] COLOURS = {"#cf222e", "#bc4c00", "#8250df", "#0969da", "#1a7f37", "#9a6700"};

    private WaitStatesHtml() {}

    /** {@code hosts}: each rank's host when the job ran on several, named under its rank in the timelines. */
    static void append(StringBuilder h, WaitReport r, int ranks, Map<Integer, String> hosts) {
        h.append("<section id=\"waits\"><h2>Why ranks wait</h2>\n");
        h.append("<style>#waits td.interval{text-align:left;white-space:normal;font-family:ui-monospace,monospace;"
                + "font-size:12px}#waits th.interval,#waits th.function,#waits td.function{text-align:left}"
                + "#waits h3{margin-top:22px}#waits figure{margin:10px 0}#waits figcaption{font-size:13px}</style>\n");
        h.append("<p class=\"note\">From the traces, on the job's common clock: waiting time as each pattern defines it"
                        + " (late sender, late receiver, wait at barrier, wait at N&nbsp;x&nbsp;N, late broadcast, early"
                        + " reduce; see the user guide, &ldquo;Why ranks wait&rdquo;). Waits under ")
                .append(Decimals.fixed(r.noiseFloorNs() / 1e6, 3))
                .append(" ms are not counted; a wait shorter than the two ranks' clock error bounds is marked"
                        + " uncertain.</p>\n");
        for (String p : r.problems()) {
            h.append("<p class=\"warning\">Not analysed: ")
                    .append(Markup.escape(p))
                    .append("</p>\n");
        }
        if (r.waits().isEmpty()) {
            h.append("<p id=\"no-waits\">No wait above the noise floor.</p>\n</section>\n");
            return;
        }
        waits(h, r);
        bars(h, r, ranks);
        delays(h, r);
        path(h, r);
        WorstWaitsSvg.append(h, r, hosts);
        h.append("</section>\n");
    }

    private static void waits(StringBuilder h, WaitReport r) {
        h.append("<h3>Longest waits</h3>\n<div class=\"scroll\"><table class=\"data\" id=\"wait-table\"><thead><tr>")
                .append(
                        "<th>pattern</th><th>rank</th><th class=\"function\">function</th><th class=\"where\">where</th><th>late partner</th>")
                .append("<th>waited [s]</th><th>instances</th><th>clock</th></tr></thead><tbody>\n");
        List<WaitReport.WaitState> waits = r.waits();
        for (int i = 0; i < Math.min(WaitStatesText.ROWS * 2, waits.size()); i++) {
            WaitReport.WaitState w = waits.get(i);
            h.append("<tr data-pattern=\"").append(w.pattern().id()).append("\"><td>");
            h.append(Markup.escape(w.pattern().label()))
                    .append("</td><td>")
                    .append(w.rank())
                    .append("</td><td class=\"function\">")
                    .append(Markup.escape(w.function()))
                    .append("</td><td class=\"where\">")
                    .append(w.site().known() ? Markup.where(w.site().toString()) : "?")
                    .append("</td><td>")
                    .append(w.peer() < 0 ? "several" : Integer.toString(w.peer()))
                    .append("</td><td>")
                    .append(WaitStatesText.seconds(w.ns()))
                    .append("</td><td>")
                    .append(w.instances())
                    .append("</td><td>");
            if (w.uncertain()) {
                h.append("<b>uncertain</b> (&plusmn;")
                        .append(Decimals.fixed(w.errorBoundNs() / 1e6, 3))
                        .append(" ms)");
            } else if (w.uncertainInstances() > 0) {
                h.append(w.uncertainInstances()).append(" uncertain");
            }
            h.append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n");
    }

    private static void bars(StringBuilder h, WaitReport r, int ranks) {
        Map<Integer, long[]> perRank = new TreeMap<>();
        for (WaitReport.WaitState w : r.waits()) {
            perRank.computeIfAbsent(w.rank(), k -> new long[Pattern.values().length])[
                    w.pattern().ordinal()] += w.ns();
        }
        List<Integer> shown = new ArrayList<>();
        if (ranks <= BAR_RANKS) {
            for (int i = 0; i < ranks; i++) {
                shown.add(i);
            }
        } else {
            shown.addAll(perRank.keySet());
            shown.sort(Comparator.comparingLong((Integer k) -> -sum(Objects.requireNonNull(perRank.get(k)))));
            shown = new ArrayList<>(shown.subList(0, Math.min(BAR_RANKS / 2, shown.size())));
        }
        long max = 1;
        for (long[] v : perRank.values()) {
            max = Math.max(max, sum(v));
        }
        int row = 14;
        int left = 60;
        int width = 520;
        int height = shown.size() * row + 4;
        h.append("<h3>Waiting per rank, by pattern</h3>\n");
        if (ranks > BAR_RANKS) {
            h.append("<p class=\"note\">the ").append(shown.size()).append(" ranks that waited most</p>\n");
        }
        // Above the bars: with 64 ranks the bars are taller than a screen.
        h.append("<p class=\"note\" id=\"wait-legend\">");
        for (Pattern p : Pattern.values()) {
            h.append("<span style=\"display:inline-block;width:10px;height:10px;margin:0 4px 0 12px;background:")
                    .append(COLOURS[p.ordinal()])
                    .append("\"></span>")
                    .append(p.label());
        }
        h.append("</p>\n");
        h.append("<svg id=\"wait-bars\" role=\"img\" width=\"")
                .append(left + width + 80)
                .append("\" height=\"")
                .append(height)
                .append("\" font-size=\"11\" font-family=\"sans-serif\">\n");
        for (int i = 0; i < shown.size(); i++) {
            int rank = shown.get(i);
            long[] v = perRank.getOrDefault(rank, new long[Pattern.values().length]);
            int y = i * row;
            h.append("<text x=\"")
                    .append(left - 6)
                    .append("\" y=\"")
                    .append(y + 11)
                    .append("\" text-anchor=\"end\">rank ")
                    .append(rank)
                    .append("</text>");
            double x = left;
            for (Pattern p : Pattern.values()) {
                double w = width * (double) v[p.ordinal()] / max;
                if (w > 0) {
                    h.append("<rect class=\"wait-bar\" data-rank=\"")
                            .append(rank)
                            .append("\" data-pattern=\"")
                            .append(p.id())
                            .append("\" x=\"")
                            .append(Decimals.fixed(x, 1))
                            .append("\" y=\"")
                            .append(y + 2)
                            .append("\" width=\"")
                            .append(Decimals.fixed(Math.max(w, 0.5), 1))
                            .append("\" height=\"")
                            .append(row - 4)
                            .append("\" fill=\"")
                            .append(COLOURS[p.ordinal()])
                            .append("\"><title>rank ")
                            .append(rank)
                            .append(": ")
                            .append(p.label())
                            .append(' ')
                            .append(WaitStatesText.seconds(v[p.ordinal()]))
                            .append(" s</title></rect>");
                    x += w;
                }
            }
            if (sum(v) > 0) {
                // The rank's total at the bar's end: lengths alone are hard to compare across 64 rows.
                h.append("<text class=\"wait-total\" x=\"")
                        .append(Decimals.fixed(x + 4, 1))
                        .append("\" y=\"")
                        .append(y + 11)
                        .append("\" fill=\"#57606a\">")
                        .append(WaitStatesText.seconds(sum(v)))
                        .append(" s</text>");
            }
            h.append('\n');
        }
        h.append("</svg>\n");
    }

    static String swatch(String colour) {
        return "<span style=\"display:inline-block;width:10px;height:10px;margin:0 4px 0 12px;background:" + colour
                + "\"></span>";
    }

    private static long sum(long[] v) {
        long s = 0;
        for (long x : v) {
            s += x;
        }
        return s;
    }

    private static void delays(StringBuilder h, WaitReport r) {
        h.append("<h3>What caused the waiting</h3>\n<p class=\"note\">delay: what the late rank did in the time"
                + " it was late, just before its late call; &ldquo;via waits&rdquo;: waiting it caused through a rank"
                + " that waited for it in turn.</p>\n");
        h.append("<div class=\"scroll\"><table class=\"data\" id=\"delay-table\"><thead><tr><th>rank</th>")
                .append(
                        "<th class=\"interval\">interval</th><th>caused [s]</th><th>directly</th><th>via waits</th><th>instances</th><th>cause</th>")
                .append("</tr></thead><tbody>\n");
        List<WaitReport.Delay> delays = r.delays();
        for (int i = 0; i < Math.min(WaitStatesText.ROWS, delays.size()); i++) {
            WaitReport.Delay d = delays.get(i);
            h.append("<tr><td>")
                    .append(d.interval().rank())
                    .append("</td><td class=\"interval\">")
                    .append(Markup.escape(d.interval().describe().replaceFirst("^rank \\d+: ", "")))
                    .append("</td><td>")
                    .append(WaitStatesText.seconds(d.ns()))
                    .append("</td><td>")
                    .append(WaitStatesText.seconds(d.shortTermNs()))
                    .append("</td><td>")
                    .append(WaitStatesText.seconds(d.longTermNs()))
                    .append("</td><td>")
                    .append(d.instances())
                    .append("</td><td>")
                    .append(Markup.escape(WaitStatesText.cause(d.causes(), d.ns())))
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n");
    }

    private static void path(StringBuilder h, WaitReport r) {
        h.append("<h3>Critical path</h3>\n<p class=\"note\">the chain of computation and MPI time, across ranks,"
                        + " that makes the run as long as it is: ")
                .append(WaitStatesText.seconds(r.criticalPathNs()))
                .append(" s. Shortening anything else does not shorten the run.</p>\n");
        h.append("<div class=\"scroll\"><table class=\"data\" id=\"path-table\"><thead><tr><th>rank</th>")
                .append("<th class=\"interval\">interval</th><th>[s]</th><th>share %</th></tr></thead><tbody>\n");
        List<WaitReport.PathStep> path = r.criticalPath();
        for (int i = 0; i < Math.min(WaitStatesText.ROWS, path.size()); i++) {
            WaitReport.PathStep s = path.get(i);
            h.append("<tr><td>")
                    .append(s.interval().rank())
                    .append("</td><td class=\"interval\">")
                    .append(Markup.escape(s.interval().describe().replaceFirst("^rank \\d+: ", "")))
                    .append("</td><td>")
                    .append(WaitStatesText.seconds(s.ns()))
                    .append("</td><td>")
                    .append(Decimals.fixed(TextReport.pct(s.ns(), r.criticalPathNs()), 1))
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n");
    }
}
