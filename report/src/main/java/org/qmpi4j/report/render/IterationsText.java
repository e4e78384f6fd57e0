package org.qmpi4j.report.render;

import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.profile.Iterations;

/**
 * The "Iterations" lines of {@code report.txt}: the main loop, its warm-up and steady state and
 * its slowest iteration; or that none was found, and why.
 */
final class IterationsText {
    private IterationsText() {}

    static void append(StringBuilder out, Iterations it) {
        TextReport.section(out, "Iterations (the main loop, from the traces; user guide: Iterations)");
        Iterations.Boundary b = it.boundary();
        if (!it.found() || b == null) {
            out.append("  none: ").append(it.reason()).append('\n');
            return;
        }
        out.append("  ")
                .append(it.count())
                .append(" iterations, each ending at ")
                .append(b)
                .append('\n')
                .append("  ")
                .append(summary(it))
                .append('\n');
    }

    /** One line: "iterations 1-12 warm-up, 3.1x the steady state; steady state 4.2 ms +- 0.3; slowest ...". */
    static String summary(Iterations it) {
        StringBuilder s = new StringBuilder();
        Iterations.WarmUp w = it.warmup();
        Iterations.Steady st = it.steady();
        if (w != null && w.iterations() > 0) {
            s.append(w.iterations() == 1 ? "iteration 1" : "iterations 1-" + w.iterations())
                    .append(" warm-up, ")
                    .append(Decimals.fixed(w.slowdown(), 1))
                    .append("x the steady state; ");
        } else {
            s.append("no warm-up; ");
        }
        if (st != null) {
            s.append("steady state ")
                    .append(ms(st.median()))
                    .append(" ms +- ")
                    .append(ms(st.sigma()))
                    .append("; ");
            if (st.spikes() > 0) {
                s.append(st.spikes())
                        .append(st.spikes() == 1 ? " spike" : " spikes")
                        .append(" above ")
                        .append(ms(st.band()))
                        .append(" ms; ");
            }
        }
        Iterations.Slowest sl = it.slowest();
        if (sl != null) {
            s.append("slowest iteration ")
                    .append(sl.iteration())
                    .append(", ")
                    .append(ms(sl.wall()))
                    .append(" ms, rank ")
                    .append(sl.rank());
        }
        return s.toString();
    }

    /** Seconds as milliseconds, to about three significant digits. */
    static String ms(double seconds) {
        double v = seconds * 1e3;
        int decimals = v >= 100 ? 0 : v >= 10 ? 1 : v >= 1 ? 2 : 3;
        return Decimals.fixed(v, decimals);
    }
}
