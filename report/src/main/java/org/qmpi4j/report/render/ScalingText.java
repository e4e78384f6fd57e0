package org.qmpi4j.report.render;

import java.util.List;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.profile.Units;
import org.qmpi4j.report.compare.ScalingStudy;

/**
 * {@code qmpi4j compare}'s text: the runs with their time, speedup and efficiency, the part that
 * stops the code scaling, then each function and call site against perfect scaling, the waiting by
 * pattern and the JVM's pauses where the profiles have them.
 */
public final class ScalingText {
    private ScalingText() {}

    public static String render(ScalingStudy s) {
        StringBuilder sb = new StringBuilder(4096);
        List<ScalingStudy.Run> runs = s.runs();
        sb.append("qmpi4j compare: ")
                .append(s.mode() == ScalingStudy.Mode.STRONG ? "strong" : "weak")
                .append(" scaling, ")
                .append(runs.size())
                .append(" runs by ranks (time: the slowest rank's, from MPI_Init's end to MPI_Finalize)\n\n");
        Table t = new Table("<run", "ranks", "time", "speedup", "efficiency", "<results");
        for (int i = 0; i < runs.size(); i++) {
            ScalingStudy.Run r = runs.get(i);
            t.row(
                    ComparisonText.name(i),
                    r.ranks(),
                    Units.seconds(r.seconds()),
                    Decimals.fixed(r.speedup(), 2),
                    Decimals.fixed(100 * r.efficiency(), 0) + "%",
                    r.label());
        }
        t.appendTo(sb, "  ");
        sb.append('\n').append(verdict(s)).append('\n');
        parts(sb, s, "Time per rank by part, largest excess over perfect scaling first", s.functions(), 100);
        parts(sb, s, "Time per rank by call site, largest excess first", s.sites(), ComparisonText.TOP);
        iterations(sb, s);
        figures(sb, s, "Waiting per rank, by pattern", s.waits());
        figures(sb, s, "JVM pauses per rank (mean over ranks)", s.jvm());
        return sb.toString();
    }

    /** One sentence: which part stops the code scaling, with its share of the loss. */
    public static String verdict(ScalingStudy s) {
        ScalingStudy.Part limit = s.limiting();
        int last = s.runs().size() - 1;
        int ranks = s.runs().get(last).ranks();
        if (limit == null) {
            return "Every part scales as well as perfect scaling at " + ranks + " ranks.";
        }
        double loss = 0;
        for (ScalingStudy.Part p : s.functions()) {
            loss += Math.max(0, p.excess());
        }
        return "What stops the code scaling: " + limit.name() + ", " + Units.seconds(limit.excess())
                + " per rank above perfect scaling at " + ranks + " ranks ("
                + Decimals.fixed(100 * limit.excess() / loss, 0) + "% of the parts' excess).";
    }

    /**
     * A table's head with {@code extra} columns besides the runs': the label column first
     * ({@code <}, left-aligned), then one per run (its name and ranks, e.g. {@code A (4)}), then
     * {@code extra - 1} more that the caller names.
     */
    private static String[] header(ScalingStudy s, int extra) {
        int n = s.runs().size();
        String[] header = new String[n + extra];
        header[0] = "<";
        for (int i = 0; i < n; i++) {
            header[i + 1] = ComparisonText.name(i) + " (" + s.runs().get(i).ranks() + ")";
        }
        return header;
    }

    private static void parts(StringBuilder sb, ScalingStudy s, String title, List<ScalingStudy.Part> parts, int top) {
        sb.append('\n').append(title).append('\n');
        if (parts.isEmpty()) {
            sb.append("  (none)\n");
            return;
        }
        int n = s.runs().size();
        String[] header = header(s, 4);
        header[n + 1] = "ideal " + ComparisonText.name(n - 1);
        header[n + 2] = "excess";
        header[n + 3] = "growth";
        Table t = new Table(header);
        int shown = 0;
        for (ScalingStudy.Part p : parts) {
            if (shown++ == top) {
                break;
            }
            Object[] cells = new Object[n + 4];
            cells[0] = p.name();
            for (int i = 0; i < n; i++) {
                cells[i + 1] = Units.seconds(p.perRank()[i]);
            }
            cells[n + 1] = Units.seconds(p.ideal()[n - 1]);
            double excess = p.excess();
            cells[n + 2] = (excess < 0 ? "-" : "+") + Units.seconds(Math.abs(excess));
            double[] times = p.perRank();
            cells[n + 3] =
                    !Double.isNaN(p.growth()) ? Decimals.fixed(p.growth(), 2) + "x" : times[n - 1] == 0 ? "-" : "new";
            t.row(cells);
        }
        t.appendTo(sb, "  ");
        if (parts.size() > top) {
            sb.append("  ... ").append(parts.size() - top).append(" more\n");
        }
    }

    /** The iterations' figures: a count, a time, a ratio. */
    private static void iterations(StringBuilder sb, ScalingStudy s) {
        List<ScalingStudy.Figure> f = s.iterations();
        if (f.isEmpty()) {
            return;
        }
        sb.append("\nIterations (steady state: after the warm-up)\n");
        int n = s.runs().size();
        Table t = new Table(header(s, 1));
        for (int row = 0; row < f.size(); row++) {
            Object[] cells = new Object[n + 1];
            cells[0] = f.get(row).name();
            double[] v = f.get(row).values();
            for (int i = 0; i < n; i++) {
                cells[i + 1] = row == 0
                        ? Long.toString(Math.round(v[i]))
                        : row == 1 ? Units.seconds(v[i]) : Decimals.fixed(v[i], 2);
            }
            t.row(cells);
        }
        t.appendTo(sb, "  ");
    }

    private static void figures(StringBuilder sb, ScalingStudy s, String title, List<ScalingStudy.Figure> figures) {
        if (figures.isEmpty()) {
            return;
        }
        sb.append('\n').append(title).append('\n');
        int n = s.runs().size();
        Table t = new Table(header(s, 1));
        for (ScalingStudy.Figure f : figures) {
            Object[] cells = new Object[n + 1];
            cells[0] = f.name();
            for (int i = 0; i < n; i++) {
                cells[i + 1] = Units.seconds(f.values()[i]);
            }
            t.row(cells);
        }
        t.appendTo(sb, "  ");
    }
}
