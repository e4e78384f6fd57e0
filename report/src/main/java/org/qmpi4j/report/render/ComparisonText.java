package org.qmpi4j.report.render;

import java.util.List;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.profile.Units;
import org.qmpi4j.report.compare.ProfileComparison;

/** {@code qmpi4j diff}'s text: the runs, then the job's figures, the functions and the call sites, each with its change. */
public final class ComparisonText {
    /** Rows shown per section of functions and call sites; the rest is counted. */
    static final int TOP = 15;

    private ComparisonText() {}

    public static String render(ProfileComparison c) {
        StringBuilder sb = new StringBuilder(4096);
        List<String> labels = c.labels();
        sb.append("qmpi4j diff: ").append(labels.size()).append(" runs, changes from the first to the last\n");
        for (int i = 0; i < labels.size(); i++) {
            sb.append("  ")
                    .append(name(i))
                    .append(" = ")
                    .append(labels.get(i))
                    .append(" (")
                    .append(c.ranks(i))
                    .append(" ranks)\n");
        }
        section(sb, c, "Job", c.job(), Integer.MAX_VALUE);
        section(sb, c, "MPI time per rank, by function (most changed first)", c.functions(), TOP);
        section(sb, c, "Calls, by function", c.functionCalls(), TOP);
        section(sb, c, "MPI time per rank, by call site (most changed first)", c.sites(), TOP);
        if (!c.waits().isEmpty()) {
            section(sb, c, "Waiting per rank, by pattern (why ranks wait)", c.waits(), Integer.MAX_VALUE);
        }
        if (!c.jvm().isEmpty()) {
            section(sb, c, "What the JVM did, and the waiting it caused", c.jvm(), Integer.MAX_VALUE);
        }
        return sb.toString();
    }

    /** {@code A}, {@code B}, ... as the columns are headed. */
    static String name(int run) {
        return run < 26 ? String.valueOf((char) ('A' + run)) : "R" + (run + 1);
    }

    private static void section(
            StringBuilder sb, ProfileComparison c, String title, List<ProfileComparison.Row> rows, int top) {
        sb.append('\n').append(title).append('\n');
        if (rows.isEmpty()) {
            sb.append("  (none)\n");
            return;
        }
        int runs = c.labels().size();
        String[] header = new String[runs + 3];
        header[0] = "<";
        for (int i = 0; i < runs; i++) {
            header[i + 1] = name(i);
        }
        header[runs + 1] = "change";
        header[runs + 2] = "change %";
        Table t = new Table(header);
        int shown = 0;
        for (ProfileComparison.Row r : rows) {
            if (shown++ == top) {
                break;
            }
            Object[] cells = new Object[runs + 3];
            cells[0] = r.name();
            for (int i = 0; i < runs; i++) {
                cells[i + 1] = format(r.value(i), r.unit());
            }
            cells[runs + 1] = (r.change() > 0 ? "+" : "") + format(r.change(), r.unit());
            double rel = r.relativeChange();
            cells[runs + 2] = Double.isNaN(rel)
                    ? (r.change() == 0 ? "0.0%" : "new")
                    : (rel > 0 ? "+" : "") + Decimals.fixed(100 * rel, 1) + "%";
            t.row(cells);
        }
        t.appendTo(sb, "  ");
        if (rows.size() > top) {
            sb.append("  ... ").append(rows.size() - top).append(" more\n");
        }
    }

    static String format(double v, String unit) {
        switch (unit) {
            case "s":
                return v < 0 ? "-" + Units.seconds(-v) : Units.seconds(v);
            case "B":
                return v < 0 ? "-" + Units.bytes((long) -v) : Units.bytes((long) v);
            case "%":
                return Decimals.fixed(v, 1) + "%";
            case "x":
                return Decimals.fixed(v, 2);
            default:
                return Long.toString(Math.round(v));
        }
    }
}
