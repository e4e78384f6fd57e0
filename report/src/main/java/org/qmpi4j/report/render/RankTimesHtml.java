package org.qmpi4j.report.render;

import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Profile;

/**
 * The "Time per rank" section of {@code report.html}: the imbalance figures, the chart's data for
 * {@code report.js} and the table, each of a size a browser opens at any number of ranks.
 *
 * <p>Up to {@value #CHART_MAX_BARS} ranks the chart has a bar per rank. Beyond, a bar would be
 * narrower than a pixel, so the page carries consecutive ranks in blocks (a power of two of them,
 * at most {@value #CHART_MAX_BARS} blocks): each block's mean application and MPI time over its
 * ranks that reported, with its longest application time and the range of its ranks' MPI times,
 * which the script marks, so that one rank unlike its neighbours still stands out. Up to {@value #TABLE_MAX_RANKS} ranks the table has a row per rank (in a closed
 * {@code <details>} beyond 16); beyond, it is {@code report.txt}'s distribution and extremes, and
 * {@code profile-ranks.jsonl} has every rank.
 */
final class RankTimesHtml {
    /** Bars the chart draws at most: about one per pixel of its widest drawing. */
    static final int CHART_MAX_BARS = 1024;

    /** Ranks listed a row each at most (about 500 KB of page). */
    static final int TABLE_MAX_RANKS = 4096;

    private RankTimesHtml() {}

    static void append(StringBuilder h, Profile p) {
        RankBalance b = RankBalance.of(p);
        h.append("<section id=\"ranks\"><h2>Time per rank</h2>\n");
        if (b.ranks() > 0) {
            h.append("<ul class=\"balance\" id=\"balance\">")
                    .append("<li>load (app &minus; MPI) max / mean <b id=\"load-imbalance\">")
                    .append(TextReport.fixed(b.loadMaxOverMean(), 2))
                    .append("</b></li><li>most loaded rank <b id=\"most-loaded\">")
                    .append(b.mostLoaded())
                    .append("</b></li><li>least loaded rank <b id=\"least-loaded\">")
                    .append(b.leastLoaded())
                    .append("</b></li><li>MPI time max / mean <b id=\"mpi-imbalance\">")
                    .append(TextReport.fixed(b.mpiMaxOverMean(), 2))
                    .append("</b></li></ul>\n");
        }
        h.append(
                        "<div class=\"controls\">order <label><input type=\"radio\" name=\"rank-order\" value=\"rank\" checked>")
                .append(
                        " by rank</label> <label><input type=\"radio\" name=\"rank-order\" value=\"mpi\"> by MPI time</label> ")
                .append(
                        "<label><input type=\"radio\" name=\"rank-order\" value=\"load\"> by load (app &minus; MPI)</label>")
                .append(
                        "<span class=\"key\"><i class=\"load\"></i>outside MPI <i class=\"mpi\"></i>in MPI</span></div>\n");
        h.append(
                "<div class=\"chart\" id=\"rank-chart\"><noscript>the chart needs scripts; the table below has the figures</noscript></div>\n");
        int unit = blockSize(p.ranks());
        if (unit > 1) {
            h.append("<p class=\"note\">a bar per block of ")
                    .append(unit)
                    .append(" consecutive ranks: their mean time; the vertical line spans their least to most MPI")
                    .append(" time, the tick marks their longest application time</p>\n");
        }
        h.append("<script type=\"application/json\" id=\"rank-data\" data-unit=\"")
                .append(unit)
                .append("\">[");
        if (unit == 1) {
            perRank(h, p.rankSummaries());
        } else {
            blocks(h, p.rankSummaries(), unit);
        }
        h.append("]</script>\n");
        if (p.ranks() <= TABLE_MAX_RANKS) {
            table(h, p);
        } else {
            summary(h, p);
        }
        h.append("</section>\n");
    }

    /** Ranks per bar: 1 up to {@value #CHART_MAX_BARS} ranks, else the smallest power of two that fits. */
    static int blockSize(int ranks) {
        int unit = 1;
        while ((ranks + unit - 1) / unit > CHART_MAX_BARS) {
            unit *= 2;
        }
        return unit;
    }

    /** {@code [rank, app ns, MPI ns, present]} per rank. */
    private static void perRank(StringBuilder h, List<Profile.RankSummary> ranks) {
        boolean first = true;
        for (Profile.RankSummary r : ranks) {
            h.append(first ? "" : ",")
                    .append('[')
                    .append(r.rank())
                    .append(',')
                    .append(r.present() ? r.appNs() : 0)
                    .append(',')
                    .append(r.present() ? r.mpiNs() : 0)
                    .append(',')
                    .append(r.present() ? 1 : 0)
                    .append(']');
            first = false;
        }
    }

    /**
     * Per block of {@code unit} consecutive ranks: {@code [first rank, mean app ns, mean MPI ns, ranks
     * present, last rank, rank with the longest app time, that time, rank with the least MPI time,
     * that time, rank with the most MPI time, that time]}; means over the ranks present, the lowest
     * rank of equals, and -1 and 0 for the extremes of a block where none is.
     */
    private static void blocks(StringBuilder h, List<Profile.RankSummary> ranks, int unit) {
        for (int from = 0; from < ranks.size(); from += unit) {
            int to = Math.min(ranks.size(), from + unit);
            long app = 0;
            long mpi = 0;
            int present = 0;
            Profile.RankSummary longest = null;
            Profile.RankSummary leastMpi = null;
            Profile.RankSummary mostMpi = null;
            for (int i = from; i < to; i++) {
                Profile.RankSummary r = ranks.get(i);
                if (!r.present()) {
                    continue;
                }
                app += r.appNs();
                mpi += r.mpiNs();
                present++;
                longest = longest == null || r.appNs() > longest.appNs() ? r : longest;
                leastMpi = leastMpi == null || r.mpiNs() < leastMpi.mpiNs() ? r : leastMpi;
                mostMpi = mostMpi == null || r.mpiNs() > mostMpi.mpiNs() ? r : mostMpi;
            }
            h.append(from == 0 ? "[" : ",[")
                    .append(ranks.get(from).rank())
                    .append(',')
                    .append(present == 0 ? 0 : app / present)
                    .append(',')
                    .append(present == 0 ? 0 : mpi / present)
                    .append(',')
                    .append(present)
                    .append(',')
                    .append(ranks.get(to - 1).rank());
            extreme(h, longest, longest == null ? 0 : longest.appNs());
            extreme(h, leastMpi, leastMpi == null ? 0 : leastMpi.mpiNs());
            extreme(h, mostMpi, mostMpi == null ? 0 : mostMpi.mpiNs());
            h.append(']');
        }
    }

    private static void extreme(StringBuilder h, @Nullable Profile.RankSummary r, long ns) {
        h.append(',').append(r == null ? -1 : r.rank()).append(',').append(ns);
    }

    private static void table(StringBuilder h, Profile p) {
        h.append(p.ranks() > 16 ? "<details><summary>table</summary>\n" : "");
        h.append("<table class=\"data\" id=\"rank-table\"><thead><tr><th>rank</th><th>state</th><th>app [s]</th>")
                .append("<th>MPI [s]</th><th>MPI %</th></tr></thead><tbody>\n");
        for (Profile.RankSummary r : p.rankSummaries()) {
            String[] c = TextReport.rankCells(r);
            h.append("<tr data-rank=\"")
                    .append(r.rank())
                    .append("\"><td>")
                    .append(r.rank())
                    .append("</td>");
            for (String cell : c) {
                h.append("<td>").append(Markup.escape(cell)).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table>\n").append(p.ranks() > 16 ? "</details>\n" : "");
    }

    /** {@code report.txt}'s distribution over the ranks and its most and least loaded ranks. */
    private static void summary(StringBuilder h, Profile p) {
        h.append("<p class=\"note\" id=\"rank-states\">")
                .append(p.ranks())
                .append(" ranks: ")
                .append(Markup.escape(RankSummaries.states(p)))
                .append(". Too many for a row each: their distribution, and the ranks at both ends;")
                .append(" profile-ranks.jsonl has every rank&rsquo;s figures.</p>\n");
        List<Profile.RankSummary> present = RankSummaries.present(p);
        if (present.isEmpty()) {
            return;
        }
        RankSummaries.distribution(p, present).appendHtml(h, "rank-distribution");
        h.append("<h3>Most loaded ranks (longest time outside MPI)</h3>\n");
        RankSummaries.extremes(RankSummaries.mostLoaded(present)).appendHtml(h, "most-loaded-ranks");
        h.append("<h3>Least loaded ranks (shortest time outside MPI)</h3>\n");
        RankSummaries.extremes(RankSummaries.leastLoaded(present)).appendHtml(h, "least-loaded-ranks");
        if (!p.complete()) {
            h.append("<p class=\"note\">missing ranks: ")
                    .append(Markup.escape(String.valueOf(p.missingRanks())))
                    .append("</p>\n");
        }
    }
}
