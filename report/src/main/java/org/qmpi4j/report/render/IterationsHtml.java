package org.qmpi4j.report.render;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.profile.Iterations;

/**
 * The "Iterations" section of {@code report.html}: the summary line and time per iteration over
 * the run as an inline SVG, the longest rank's time (max) and the mean over ranks, the warm-up
 * shaded, the steady median and spike band as lines, spikes marked. The vertical scale ends a
 * little above the highest iteration that is not a spike, so that one spike of 300 ms does not
 * flatten iterations of 5 ms: a spike is drawn to the top with a red mark and its time, and its
 * cause where the trace tells (a JVM pause, waiting), the mark then filled in the cause's colour.
 * Each entry tells its iteration, times, waits, slowest rank and a spike's cause on hover
 * ({@code <title>}).
 */
final class IterationsHtml {
    private static final String MAX = "#0969da";
    private static final String MEAN = "#8c959f";
    private static final String SPIKE = "#cf222e";
    private static final String WARMUP = "#fff8c5";
    /** A spike's mark when its cause is a JVM pause, a rank's own longer work, and waiting. */
    private static final String PAUSE = "#8250df";

    private static final String COMPUTATION = "#1a7f37";
    private static final String WAITING = "#bf8700";
    private static final int LEFT = 60;
    private static final int WIDTH = 720;
    private static final int TOP = 16;
    private static final int HEIGHT = 180;
    private static final int LABELS = 6;
    private static final int LABEL_GAP = 110;

    private IterationsHtml() {}

    static void append(StringBuilder h, Iterations it) {
        h.append("<section id=\"iterations\"><h2>Iterations</h2>\n");
        Iterations.Boundary b = it.boundary();
        if (!it.found() || b == null) {
            h.append("<p class=\"note\">No main loop found: ")
                    .append(Markup.escape(it.reason()))
                    .append("</p>\n");
            h.append("</section>\n");
            return;
        }
        String cut = IterationsText.boundary(it, b);
        String site = b.toString();
        int at = cut.indexOf(site);
        h.append("<p>")
                .append(it.count())
                .append(" iterations, ")
                .append(Markup.escape(cut.substring(0, at)))
                .append("<code>")
                .append(Markup.escape(site))
                .append("</code>")
                .append(Markup.escape(cut.substring(at + site.length())))
                .append("</p>\n<p id=\"iterations-summary\">")
                .append(Markup.escape(IterationsText.summary(it)))
                .append("</p>\n");
        chart(h, it);
        h.append("<p class=\"note\">time per iteration: ")
                .append(swatch(MAX))
                .append("the longest rank (max) ")
                .append(swatch(MEAN))
                .append("mean over ranks ")
                .append(swatch(WARMUP))
                .append("warm-up ")
                .append(swatch(SPIKE))
                .append("spike (above the steady band; drawn to the top) ")
                .append(swatch(PAUSE))
                .append("spike caused by a JVM pause ")
                .append(swatch(COMPUTATION))
                .append("spike caused by a rank's own longer work ")
                .append(swatch(WAITING))
                .append("spike caused by waiting; hover an iteration for its slowest rank")
                .append(" (most time outside MPI)</p>\n</section>\n");
    }

    private static String swatch(String colour) {
        return "<span style=\"display:inline-block;width:10px;height:10px;margin:0 4px 0 10px;background:" + colour
                + "\"></span>";
    }

    private static void chart(StringBuilder h, Iterations it) {
        List<Iterations.Span> series = it.series();
        int n = series.size();
        Iterations.Steady st = it.steady();
        double band = st == null ? Double.POSITIVE_INFINITY : st.band();
        long warm = it.warmup() == null ? 0 : it.warmup().iterations();
        double top = 0;
        for (Iterations.Span s : series) {
            if (s.wallMax() <= band || s.first() <= warm) {
                top = Math.max(top, s.wallMax());
            }
        }
        if (st != null) {
            top = Math.max(top, band);
        }
        top = top <= 0 ? 1e-3 : top * 1.1;
        double dx = (double) WIDTH / n;
        h.append("<svg id=\"iterations-chart\" width=\"")
                .append(LEFT + WIDTH + 20)
                .append("\" height=\"")
                .append(TOP + HEIGHT + 34)
                .append("\" font-size=\"11\" font-family=\"sans-serif\">\n");
        // the warm-up, shaded
        int warmEntries = 0;
        while (warmEntries < n && series.get(warmEntries).first() <= warm) {
            warmEntries++;
        }
        if (warmEntries > 0) {
            rect(h, LEFT, TOP, warmEntries * dx, HEIGHT, WARMUP);
        }
        // axes and scale
        h.append("<line x1=\"")
                .append(LEFT)
                .append("\" y1=\"")
                .append(TOP + HEIGHT)
                .append("\" x2=\"")
                .append(LEFT + WIDTH)
                .append("\" y2=\"")
                .append(TOP + HEIGHT)
                .append("\" stroke=\"#57606a\"/>\n");
        h.append("<line x1=\"")
                .append(LEFT)
                .append("\" y1=\"")
                .append(TOP)
                .append("\" x2=\"")
                .append(LEFT)
                .append("\" y2=\"")
                .append(TOP + HEIGHT)
                .append("\" stroke=\"#57606a\"/>\n");
        for (int k = 0; k <= 4; k++) {
            double v = top * k / 4;
            double y = y(v, top);
            text(h, LEFT - 4, y + 4, "end", IterationsText.ms(v) + " ms", "#57606a");
        }
        text(h, LEFT, TOP + HEIGHT + 16, "start", Long.toString(series.get(0).first()), "#57606a");
        text(
                h,
                LEFT + WIDTH,
                TOP + HEIGHT + 16,
                "end",
                Long.toString(series.get(n - 1).last()),
                "#57606a");
        text(h, LEFT + WIDTH / 2.0, TOP + HEIGHT + 30, "middle", "iteration", "#57606a");
        if (st != null) {
            hline(h, y(st.median(), top), "#1a7f37", "4 3", "steady median " + IterationsText.ms(st.median()) + " ms");
            if (band <= top) {
                hline(h, y(band, top), SPIKE, "2 3", "spike band " + IterationsText.ms(band) + " ms");
            }
        }
        polyline(h, series, dx, top, false, MEAN);
        polyline(h, series, dx, top, true, MAX);
        spikeLabels(h, it, series, dx, band, warm);
        // spikes, and a hover target per entry
        for (int i = 0; i < n; i++) {
            Iterations.Span s = series.get(i);
            boolean spike = s.wallMax() > band && s.first() > warm;
            double x = LEFT + i * dx;
            Iterations.Spike cause = spike ? causeIn(it, s) : null;
            if (spike) {
                double cx = x + dx / 2;
                h.append("<path d=\"M")
                        .append(fmt(cx - 5))
                        .append(',')
                        .append(TOP + 8)
                        .append(" L")
                        .append(fmt(cx + 5))
                        .append(',')
                        .append(TOP + 8)
                        .append(" L")
                        .append(fmt(cx))
                        .append(',')
                        .append(TOP)
                        .append(" z\" fill=\"")
                        .append(cause == null ? SPIKE : colour(cause))
                        .append("\" class=\"spike-mark\" data-cause=\"")
                        .append(cause == null ? "" : cause.cause())
                        .append("\"/>\n");
            }
            h.append("<rect x=\"")
                    .append(fmt(x))
                    .append("\" y=\"")
                    .append(TOP)
                    .append("\" width=\"")
                    .append(fmt(Math.max(dx, 1)))
                    .append("\" height=\"")
                    .append(HEIGHT)
                    .append("\" fill=\"transparent\"><title>")
                    .append(
                            s.first() == s.last()
                                    ? "iteration " + s.first()
                                    : "iterations " + s.first() + "-" + s.last())
                    .append(": max ")
                    .append(IterationsText.ms(s.wallMax()))
                    .append(" ms (rank ")
                    .append(s.slowestRank())
                    .append(" slowest outside MPI), mean ")
                    .append(IterationsText.ms(s.wallMean()))
                    .append(" ms, in MPI ")
                    .append(IterationsText.ms(s.mpiMean()))
                    .append(" ms")
                    .append(Double.isNaN(s.waitMean()) ? "" : ", waiting " + IterationsText.ms(s.waitMean()) + " ms")
                    .append(spike ? " - spike" : "")
                    .append(cause == null ? "" : ": " + IterationsText.cause(cause))
                    .append("</title></rect>\n");
        }
        h.append("</svg>\n");
    }

    /**
     * The spikes' times and ranks as text by their marks, the longest first, at most
     * {@value #LABELS}, none within {@value #LABEL_GAP} pixels of one already written (the others
     * say theirs on hover).
     */
    private static void spikeLabels(
            StringBuilder h, Iterations it, List<Iterations.Span> series, double dx, double band, long warm) {
        List<Integer> spikes = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            Iterations.Span s = series.get(i);
            if (s.wallMax() > band && s.first() > warm) {
                spikes.add(i);
            }
        }
        spikes.sort(
                (a, b) -> Double.compare(series.get(b).wallMax(), series.get(a).wallMax()));
        List<Double> written = new ArrayList<>();
        for (int i : spikes) {
            if (written.size() == LABELS) {
                break;
            }
            double cx = LEFT + (i + 0.5) * dx;
            boolean near = false;
            for (double x : written) {
                near |= Math.abs(x - cx) < LABEL_GAP;
            }
            if (near) {
                continue;
            }
            written.add(cx);
            Iterations.Span s = series.get(i);
            boolean right = cx > LEFT + WIDTH - LABEL_GAP;
            label(
                    h,
                    right ? cx - 7 : cx + 7,
                    TOP + 20, // below the row of marks, so that a neighbour's mark does not cover it
                    right ? "end" : "start",
                    IterationsText.ms(s.wallMax()) + " ms, rank " + s.slowestRank(),
                    SPIKE);
            Iterations.Spike cause = causeIn(it, s);
            if (cause != null) {
                label(
                        h,
                        right ? cx - 7 : cx + 7,
                        TOP + 33,
                        right ? "end" : "start",
                        IterationsText.cause(cause),
                        colour(cause));
            }
        }
    }

    /** A spike's colour by its cause: waiting, the application's own work, or a JVM pause. */
    private static String colour(Iterations.Spike cause) {
        switch (String.valueOf(cause.cause())) {
            case "wait":
                return WAITING;
            case "application":
                return COMPUTATION;
            default:
                return PAUSE;
        }
    }

    /** The longest spike with a cause among the iterations of entry {@code s}, or {@code null}. */
    private static @Nullable Iterations.Spike causeIn(Iterations it, Iterations.Span s) {
        Iterations.Spike best = null;
        for (Iterations.Spike k : it.spikes()) {
            if (k.cause() != null
                    && k.iteration() >= s.first()
                    && k.iteration() <= s.last()
                    && (best == null || k.wall() > best.wall())) {
                best = k;
            }
        }
        return best;
    }

    private static double y(double v, double top) {
        return TOP + HEIGHT - Math.min(v, top) / top * HEIGHT;
    }

    private static void polyline(
            StringBuilder h, List<Iterations.Span> series, double dx, double top, boolean max, String colour) {
        h.append("<polyline fill=\"none\" stroke=\"")
                .append(colour)
                .append("\" stroke-width=\"")
                .append(max ? "1.5" : "1")
                .append("\" class=\"")
                .append(max ? "iter-max" : "iter-mean")
                .append("\" points=\"");
        for (int i = 0; i < series.size(); i++) {
            Iterations.Span s = series.get(i);
            h.append(fmt(LEFT + (i + 0.5) * dx))
                    .append(',')
                    .append(fmt(y(max ? s.wallMax() : s.wallMean(), top)))
                    .append(' ');
        }
        h.append("\"/>\n");
    }

    private static void hline(StringBuilder h, double y, String colour, String dash, String label) {
        h.append("<line x1=\"")
                .append(LEFT)
                .append("\" y1=\"")
                .append(fmt(y))
                .append("\" x2=\"")
                .append(LEFT + WIDTH)
                .append("\" y2=\"")
                .append(fmt(y))
                .append("\" stroke=\"")
                .append(colour)
                .append("\" stroke-dasharray=\"")
                .append(dash)
                .append("\"><title>")
                .append(Markup.escape(label))
                .append("</title></line>\n");
    }

    private static void rect(StringBuilder h, double x, double y, double w, double height, String fill) {
        h.append("<rect x=\"")
                .append(fmt(x))
                .append("\" y=\"")
                .append(fmt(y))
                .append("\" width=\"")
                .append(fmt(w))
                .append("\" height=\"")
                .append(fmt(height))
                .append("\" fill=\"")
                .append(fill)
                .append("\"/>\n");
    }

    /**
     * A spike's label, on a white ground (its width guessed from 6.2 pixels a character at 11
     * pixels) so that the band's line it crosses does not strike it through.
     */
    private static void label(StringBuilder h, double x, double y, String anchor, String s, String colour) {
        double w = 6.2 * s.length() + 4;
        rect(h, anchor.equals("end") ? x - w + 2 : x - 2, y - 10, w, 13, "#ffffff");
        text(h, x, y, anchor, s, colour);
    }

    private static void text(StringBuilder h, double x, double y, String anchor, String s, String colour) {
        h.append("<text x=\"")
                .append(fmt(x))
                .append("\" y=\"")
                .append(fmt(y))
                .append("\" text-anchor=\"")
                .append(anchor)
                .append("\" fill=\"")
                .append(colour)
                .append("\">")
                .append(Markup.escape(s))
                .append("</text>\n");
    }

    private static String fmt(double v) {
        return Decimals.fixed(v, 1);
    }
}
