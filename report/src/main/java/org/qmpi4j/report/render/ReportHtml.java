package org.qmpi4j.report.render;

import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.formats.profile.SiteKey;
import org.qmpi4j.formats.profile.SizeHistogram;

/**
 * The whole profile as one self-contained HTML page ({@code report.html}): job summary, time per
 * rank as a chart with the imbalance figures, MPI functions and call sites by time with their
 * share, message-size histograms, collectives and the communication matrix of {@link MatrixHtml}.
 * Every figure is the one {@link TextReport} prints, taken from the same methods
 * ({@link TextReport#statsCells}, {@link TextReport#rankCells}, {@link RankBalance}); the page
 * loads nothing from elsewhere.
 *
 * <p>The tables are complete without scripts. The script ({@code report.js}) draws the time-per-rank
 * chart from the figures the page carries as data ({@code <script id="rank-data">}) and switches it
 * between rank order and sorted; {@code report-errors.js}, first in the page, records any script
 * error on {@code <html data-errors>} so that a test reading the rendered page sees it.
 */
public final class ReportHtml {
    /** Call sites listed; the rest are in report.txt and profile.json. */
    static final int MAX_SITES = 50;

    private ReportHtml() {}

    public static String render(Profile p) {
        int n = p.ranks();
        long app = p.totalAppNs();
        long mpi = p.totalMpiNs();
        StringBuilder h = new StringBuilder(16384
                + (n <= MatrixHtml.TABLE_MAX_RANKS ? n * n * 160 : Math.min(n, RankTimesHtml.TABLE_MAX_RANKS) * 400));
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        h.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        h.append("<title>qmpi4j profile: ")
                .append(n)
                .append(n == 1 ? " rank" : " ranks")
                .append("</title>\n");
        h.append("<script>\n").append(ERRORS_SCRIPT).append("</script>\n");
        h.append("<style>\n").append(MatrixHtml.style(n)).append(STYLE).append("</style>\n</head>\n");
        h.append("<body data-ranks=\"")
                .append(n)
                .append(n > 16 ? "\" class=\"many-ranks" : "")
                .append("\">\n");
        h.append("<header><h1>qmpi4j profile</h1>\n<p class=\"meta\">");
        h.append(Markup.escape(p.binding()))
                .append(" &middot; ")
                .append(n)
                .append(n == 1 ? " rank" : " ranks")
                .append(" &middot; created ")
                .append(Markup.escape(p.created()));
        String main = mainClass(p);
        if (main != null) {
            h.append(" &middot; application <code>").append(Markup.escape(main)).append("</code>");
        }
        h.append("</p>\n");
        if (!p.complete()) {
            h.append("<p class=\"warning\">Incomplete: no data from rank")
                    .append(p.missingRanks().size() > 1 ? "s " : " ")
                    .append(Markup.escape(p.missingRanks().toString()))
                    .append("</p>\n");
        }
        RankFailure failure = p.failure();
        if (failure != null) {
            h.append("<p class=\"warning\" id=\"failure\">Failed: ")
                    .append(Markup.escape(failure.describe()))
                    .append("; exit status ")
                    .append(failure.exitStatus());
            for (int i = 1; i < failure.frames().size(); i++) {
                h.append("<br>&nbsp;&nbsp;at ")
                        .append(Markup.escape(failure.frames().get(i)));
            }
            h.append("</p>\n");
        }
        NodeTimes nodes = NodeTimes.of(p);
        h.append("<nav><a href=\"#ranks\">time per rank</a>")
                .append(nodes != null ? "<a href=\"#nodes\">time per node</a>" : "")
                .append("<a href=\"#functions\">functions</a>")
                .append("<a href=\"#sites\">call sites</a><a href=\"#sizes\">message sizes</a>")
                .append("<a href=\"#collectives\">collectives</a>")
                .append(p.waits() != null ? "<a href=\"#waits\">why ranks wait</a>" : "")
                .append(JvmHtml.has(p) ? "<a href=\"#jvm\">what the JVM did</a>" : "")
                .append(p.iterations() != null ? "<a href=\"#iterations\">iterations</a>" : "")
                .append("<a href=\"#matrix-section\">matrix</a></nav>\n")
                .append("</header>\n");

        summary(h, p, app, mpi);
        RankTimesHtml.append(h, p);
        if (nodes != null) {
            nodes.appendHtml(h);
        }
        functions(h, p, app, mpi);
        sites(h, p, app, mpi);
        sizes(h, p);
        collectives(h, p, mpi);
        if (p.waits() != null) {
            WaitStatesHtml.append(h, p.waits(), p.ranks(), NodeTimes.hostsOfRanks(p));
        }
        JvmHtml.append(h, p);
        Iterations iterations = p.iterations();
        if (iterations != null) {
            IterationsHtml.append(h, iterations);
        }
        h.append("<section id=\"matrix-section\"><h2>Point-to-point communication</h2>\n")
                .append("<p class=\"note\">bytes sent, row = sender, column = receiver (COMM_WORLD ranks); ")
                .append(Markup.escape(
                        TextReport.pair(p.matrix().totalBytes(), p.matrix().totalMessages())))
                .append(" in all</p>\n");
        h.append("<div class=\"scroll\">\n");
        MatrixHtml.appendMatrix(h, p, false, MatrixHtml.REPORT_MAX_PAIRS);
        h.append("</div>\n</section>\n");
        h.append("<footer class=\"note\">times: app = from the end of MPI_Init to MPI_Finalize; MPI = inside MPI")
                .append(" calls in that time; shares are of the sums over ranks; MPI_Init is listed but outside")
                .append(" both. The same figures are in report.txt; profile.json holds them for scripts.</footer>\n");
        h.append("<script>\n(function () {\n'use strict';\n").append(SCRIPT).append("})();\n</script>\n");
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    private static @Nullable String mainClass(Profile p) {
        for (Profile.RankSummary r : p.rankSummaries()) {
            if (r.present() && r.environment().get("main") != null) {
                return r.environment().get("main");
            }
        }
        return null;
    }

    private static void summary(StringBuilder h, Profile p, long app, long mpi) {
        long calls = 0;
        for (String f : p.functionsByTime()) {
            calls += p.function(f).total().calls();
        }
        RankBalance balance = RankBalance.of(p);
        h.append("<section id=\"summary\" class=\"cards\">\n");
        card(h, "ranks", Integer.toString(p.ranks()), p.complete() ? "all reported" : "incomplete");
        card(h, "app time", TextReport.fixed(app / 1e9, 6) + " s", "summed over ranks");
        card(h, "MPI time", TextReport.fixed(mpi / 1e9, 6) + " s", "summed over ranks");
        card(h, "MPI share", TextReport.fixed(TextReport.pct(mpi, app), 2) + " %", "of app time");
        card(h, "MPI calls", Long.toString(calls), "all ranks, with MPI_Init");
        card(
                h,
                "load imbalance",
                balance.ranks() == 0 ? "-" : TextReport.fixed(balance.loadMaxOverMean(), 2),
                "max / mean of app - MPI");
        h.append("</section>\n");
    }

    private static void card(StringBuilder h, String name, String value, String note) {
        h.append("<div class=\"card\"><div class=\"name\">")
                .append(Markup.escape(name))
                .append("</div><div class=\"value\">")
                .append(Markup.escape(value))
                .append("</div><div class=\"note\">")
                .append(Markup.escape(note))
                .append("</div></div>\n");
    }

    private static final String[] STATS_HEADER = {
        "calls", "time [ms]", "mean [us]", "min [us]", "max [us]", "app %", "MPI %", "bytes"
    };

    private static void statsHead(StringBuilder h, String id, String... keys) {
        h.append("<div class=\"scroll\"><table class=\"data\" id=\"").append(id).append("\"><thead><tr>");
        for (String k : keys) {
            h.append("<th>").append(k).append("</th>");
        }
        for (String k : STATS_HEADER) {
            h.append("<th>").append(k).append("</th>");
        }
        h.append("<th class=\"share\">share of MPI time</th></tr></thead><tbody>\n");
    }

    /** The cells of {@link TextReport#statsCells} and a bar of the MPI share. */
    private static void statsCells(StringBuilder h, CallStats s, long app, long mpi) {
        for (String cell : TextReport.statsCells(s, app, mpi)) {
            h.append("<td>").append(Markup.escape(cell)).append("</td>");
        }
        double share = mpi < 0 ? 0 : Math.min(100, TextReport.pct(s.timeNs(), mpi));
        h.append("<td class=\"share\">");
        if (share > 0) {
            h.append("<span class=\"bar\" style=\"width:")
                    .append(TextReport.fixed(share, 1))
                    .append("%\"></span>");
        }
        h.append("</td>");
    }

    private static void functions(StringBuilder h, Profile p, long app, long mpi) {
        h.append("<section id=\"functions\"><h2>MPI functions, all ranks, by time</h2>\n");
        statsHead(h, "function-table", "function");
        for (String f : p.functionsByTime()) {
            long a = TextReport.inApp(f, app);
            long m = TextReport.inApp(f, mpi);
            h.append("<tr data-function=\"")
                    .append(Markup.escape(f))
                    .append("\"><td>")
                    .append(Markup.escape(f))
                    .append("</td>");
            statsCells(h, p.function(f).total(), a, m);
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n</section>\n");
    }

    private static void sites(StringBuilder h, Profile p, long app, long mpi) {
        Map<SiteKey, Integer> ids = p.siteIds();
        h.append("<section id=\"sites\"><h2>Call sites by time</h2>\n");
        if (ids.size() > MAX_SITES) {
            h.append("<p class=\"note\">the ")
                    .append(MAX_SITES)
                    .append(" longest of ")
                    .append(ids.size())
                    .append(" sites; report.txt lists all, with their time on each rank</p>\n");
        }
        statsHead(h, "site-table", "site", "function", "where");
        int shown = 0;
        for (Map.Entry<SiteKey, Integer> e : ids.entrySet()) {
            if (shown++ == MAX_SITES) {
                break;
            }
            SiteKey k = e.getKey();
            h.append("<tr><td>")
                    .append(e.getValue())
                    .append("</td><td>")
                    .append(Markup.escape(k.function()))
                    .append("</td><td class=\"where\">")
                    .append(Markup.where(k.where()))
                    .append("</td>");
            statsCells(h, p.site(k).total(), TextReport.inApp(k.function(), app), TextReport.inApp(k.function(), mpi));
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n</section>\n");
    }

    private static void sizes(StringBuilder h, Profile p) {
        h.append("<section id=\"sizes\"><h2>Message sizes (bytes per call)</h2>\n<div class=\"histograms\">\n");
        boolean any = false;
        for (String f : p.functionsByTime()) {
            long[] hist = p.function(f).total().histogram();
            if (hist == null) {
                continue;
            }
            long total = 0;
            long most = 0;
            for (long c : hist) {
                total += c;
                most = Math.max(most, c);
            }
            if (total == 0) {
                continue;
            }
            any = true;
            h.append("<div class=\"histogram\"><h3>").append(Markup.escape(f)).append("</h3><table>\n");
            for (int k = 0; k < hist.length; k++) {
                if (hist[k] == 0) {
                    continue;
                }
                h.append("<tr><td class=\"size\">")
                        .append(Markup.escape(SizeHistogram.label(k)))
                        .append("</td><td class=\"barcell\"><span class=\"bar\" style=\"width:")
                        .append(TextReport.fixed(100.0 * hist[k] / most, 1))
                        .append("%\"></span></td><td>")
                        .append(hist[k])
                        .append("</td><td>")
                        .append(TextReport.fixed(TextReport.pct(hist[k], total), 1))
                        .append(" %</td></tr>\n");
            }
            h.append("</table></div>\n");
        }
        if (!any) {
            h.append("<p class=\"note\">no calls that move data</p>\n");
        }
        h.append("</div>\n</section>\n");
    }

    private static void collectives(StringBuilder h, Profile p, long mpi) {
        h.append("<section id=\"collectives\"><h2>Collectives</h2>\n");
        List<String> names = p.collectivesByTime();
        if (names.isEmpty()) {
            h.append("<p class=\"note\">none</p>\n</section>\n");
            return;
        }
        h.append("<table class=\"data\" id=\"collective-table\"><thead><tr><th>function</th><th>calls</th>")
                .append("<th>time [ms]</th><th>bytes</th><th>MPI %</th></tr></thead><tbody>\n");
        for (String f : names) {
            CallStats s = p.function(f).total();
            h.append("<tr><td>")
                    .append(Markup.escape(f))
                    .append("</td><td>")
                    .append(s.calls())
                    .append("</td><td>")
                    .append(TextReport.fixed(s.timeNs() / 1e6, 3))
                    .append("</td><td>")
                    .append(s.bytes())
                    .append("</td><td>")
                    .append(TextReport.fixed(TextReport.pct(s.timeNs(), mpi), 2))
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table>\n</section>\n");
    }

    /** The page's own style ({@code report.css}), after the matrix's. */
    private static final String STYLE = Markup.resource("report.css");

    /** Records script errors on the page ({@code report-errors.js}); first in the page. */
    private static final String ERRORS_SCRIPT = Markup.resource("report-errors.js");

    /** The time-per-rank chart and its order switch ({@code report.js}). */
    private static final String SCRIPT = Markup.resource("report.js");
}
