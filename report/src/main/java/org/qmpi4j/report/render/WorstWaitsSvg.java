package org.qmpi4j.report.render;

import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * The end of {@link WaitStatesHtml}'s section: for the worst few waits, a small SVG timeline of
 * the two ranks with the late rank's computation and call, the call that waited, and the arrow
 * from the one to the other.
 */
final class WorstWaitsSvg {
    private static final String COMPUTATION = "#f2cc60";
    private static final String CALL = "#8c959f";

    private WorstWaitsSvg() {}

    /** A timeline of the two ranks per worst wait: the late rank's computation and call, the waiting call. */
    static void append(StringBuilder h, WaitReport r, Map<Integer, String> hosts) {
        h.append("<h3>The longest single waits</h3>\n<p class=\"note\" id=\"wait-instance-key\">")
                .append(WaitStatesHtml.swatch(COMPUTATION))
                .append("the late rank's computation before its late call")
                .append(WaitStatesHtml.swatch(CALL))
                .append(
                        "MPI calls; in the waiting rank's call, the waiting in the pattern's colour; the arrow runs from")
                .append(" the late call's entry to the end of the wait</p>\n");
        int n = 0;
        for (WaitReport.Instance i : r.worst()) {
            long from = Math.min(i.enter(), i.latePreviousExit() >= 0 ? i.latePreviousExit() : i.lateEnter());
            long to = Math.max(i.exit(), i.lateExit());
            double span = Math.max(1, to - from);
            int left = 70;
            int width = 560;
            h.append("<figure class=\"wait-instance\"><figcaption>")
                    .append(Markup.escape(i.pattern().label()))
                    .append(": rank ")
                    .append(i.rank())
                    .append(" waited ")
                    .append(WaitStatesText.seconds(i.waitNs()))
                    .append(" s in ")
                    .append(Markup.escape(i.function()))
                    .append(" (")
                    .append(Markup.escape(i.site().shortText()))
                    .append(") for rank ")
                    .append(i.lateRank())
                    .append("'s ")
                    .append(Markup.escape(i.lateFunction()))
                    .append(" (")
                    .append(Markup.escape(i.lateSite().shortText()))
                    .append(")")
                    .append(i.uncertain() ? " &mdash; <b>uncertain</b>: within the clocks' error" : "")
                    .append("</figcaption>\n<svg id=\"wait-instance-")
                    .append(n++)
                    .append("\" width=\"")
                    .append(left + width + 20)
                    .append("\" height=\"84\" font-size=\"11\" font-family=\"sans-serif\">")
                    .append("<defs><marker id=\"arrow")
                    .append(n)
                    .append("\" markerWidth=\"8\" markerHeight=\"8\"")
                    .append(" refX=\"7\" refY=\"4\" orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\"/></marker></defs>\n");
            int lateY = 10;
            int victimY = 50;
            h.append("<text x=\"")
                    .append(left - 6)
                    .append("\" y=\"")
                    .append(lateY + 13)
                    .append("\" text-anchor=\"end\">rank ")
                    .append(i.lateRank())
                    .append("</text>");
            h.append("<text x=\"")
                    .append(left - 6)
                    .append("\" y=\"")
                    .append(victimY + 13)
                    .append("\" text-anchor=\"end\">rank ")
                    .append(i.rank())
                    .append("</text>");
            host(h, left - 6, lateY + 25, hosts.get(i.lateRank()));
            host(h, left - 6, victimY + 25, hosts.get(i.rank()));
            if (i.latePreviousExit() >= 0 && i.latePreviousExit() < i.lateEnter()) {
                rect(
                        h,
                        left,
                        width,
                        from,
                        span,
                        i.latePreviousExit(),
                        i.lateEnter(),
                        lateY,
                        COMPUTATION,
                        "computation before " + i.lateFunction());
            }
            rect(h, left, width, from, span, i.lateEnter(), i.lateExit(), lateY, CALL, i.lateFunction());
            rect(h, left, width, from, span, i.enter(), i.exit(), victimY, CALL, i.function());
            rect(
                    h,
                    left,
                    width,
                    from,
                    span,
                    i.enter(),
                    i.enter() + i.waitNs(),
                    victimY,
                    WaitStatesHtml.COLOURS[i.pattern().ordinal()],
                    "waiting " + WaitStatesText.seconds(i.waitNs()) + " s");
            double ax = left + width * (i.lateEnter() - from) / span;
            double bx = left + width * (Math.min(i.exit(), i.enter() + i.waitNs()) - from) / span;
            h.append("<line x1=\"")
                    .append(Decimals.fixed(ax, 1))
                    .append("\" y1=\"")
                    .append(lateY + 18)
                    .append("\" x2=\"")
                    .append(Decimals.fixed(bx, 1))
                    .append("\" y2=\"")
                    .append(victimY)
                    .append("\" stroke=\"#24292f\" stroke-width=\"1.5\" marker-end=\"url(#arrow")
                    .append(n)
                    .append(")\"/>");
            h.append("<text x=\"")
                    .append(left)
                    .append("\" y=\"82\" fill=\"#57606a\">")
                    .append(WaitStatesText.seconds(from))
                    .append(" s</text>");
            h.append("<text x=\"")
                    .append(left + width)
                    .append("\" y=\"82\" text-anchor=\"end\" fill=\"#57606a\">")
                    .append(WaitStatesText.seconds(to))
                    .append(" s</text>");
            h.append("</svg></figure>\n");
        }
    }

    /** The node a rank ran on, under its label, when the job ran on several. */
    private static void host(StringBuilder h, int x, int y, @Nullable String host) {
        if (host != null) {
            h.append("<text class=\"node\" x=\"")
                    .append(x)
                    .append("\" y=\"")
                    .append(y)
                    .append("\" text-anchor=\"end\" font-size=\"9\" fill=\"#57606a\">")
                    .append(Markup.escape(host))
                    .append("</text>");
        }
    }

    private static void rect(
            StringBuilder h,
            int left,
            int width,
            long from,
            double span,
            long a,
            long b,
            int y,
            String fill,
            String title) {
        double x = left + width * (a - from) / span;
        // At least 3 px: a late call is often short beside the wait it ended, and must stay visible.
        double w = Math.max(3, width * (b - a) / span);
        h.append("<rect x=\"")
                .append(Decimals.fixed(x, 1))
                .append("\" y=\"")
                .append(y)
                .append("\" width=\"")
                .append(Decimals.fixed(w, 1))
                .append("\" height=\"18\" fill=\"")
                .append(fill)
                .append("\"><title>")
                .append(Markup.escape(title))
                .append("</title></rect>");
    }
}
