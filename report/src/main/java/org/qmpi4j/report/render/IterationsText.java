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
                .append(" iterations, ")
                .append(boundary(it, b))
                .append('\n')
                .append("  ")
                .append(summary(it))
                .append('\n');
    }

    /**
     * How the iterations are cut: "each ending at MPI_ALLREDUCE at ...", or, when the program marks
     * them, "each starting at the MPI_Pcontrol marker MPI_PCONTROL at ...".
     */
    static String boundary(Iterations it, Iterations.Boundary b) {
        Iterations.FoundBy by = it.foundBy();
        if (by == Iterations.FoundBy.PCONTROL) {
            return "each starting at the MPI_Pcontrol marker " + b;
        }
        return "each ending at " + b + (by == Iterations.FoundBy.NAMED ? " (named by tracer.iteration)" : "");
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
                        .append(" ms")
                        .append(causeCounts(it))
                        .append("; ");
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
            for (Iterations.Spike k : it.spikes()) {
                if (k.iteration() == sl.iteration() && k.cause() != null) {
                    s.append(" (").append(cause(k)).append(')');
                }
            }
        }
        return s.toString();
    }

    /** " (2 gc, 1 waiting, 1 unknown)": the listed spikes' causes, most frequent first; empty without any. */
    static String causeCounts(Iterations it) {
        java.util.Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        int unknown = 0;
        for (Iterations.Spike k : it.spikes()) {
            String c = k.cause();
            if (c == null) {
                unknown++;
            } else {
                counts.merge(label(c), 1, Integer::sum);
            }
        }
        if (counts.isEmpty()) {
            return "";
        }
        java.util.List<java.util.Map.Entry<String, Integer>> order = new java.util.ArrayList<>(counts.entrySet());
        order.sort((a, b) -> b.getValue() - a.getValue());
        StringBuilder s = new StringBuilder(" (");
        for (java.util.Map.Entry<String, Integer> e : order) {
            s.append(e.getValue()).append(' ').append(e.getKey()).append(", ");
        }
        if (unknown > 0) {
            s.append(unknown).append(" unknown, ");
        }
        s.setLength(s.length() - 2);
        return s.append(')').toString();
    }

    /** "gc 30.0 ms on rank 1", or "" without a cause. */
    static String cause(Iterations.Spike k) {
        String c = k.cause();
        return c == null ? "" : label(c) + " " + ms(k.causeSeconds()) + " ms on rank " + k.causeRank();
    }

    /**
     * A cause as a reader says it: {@code class_loading} as "class loading", {@code wait} as
     * "waiting", {@code application} as "computation".
     */
    static String label(String cause) {
        if (cause.equals("application")) {
            return "computation";
        }
        return cause.equals("wait") ? "waiting" : cause.replace('_', ' ');
    }

    /** Seconds as milliseconds, to about three significant digits. */
    static String ms(double seconds) {
        double v = seconds * 1e3;
        int decimals = v >= 100 ? 0 : v >= 10 ? 1 : v >= 1 ? 2 : 3;
        return Decimals.fixed(v, decimals);
    }
}
