package org.qmpi4j.report.render;

import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.waits.DelayCauses;
import org.qmpi4j.formats.waits.Pattern;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * The "Wait states" section of {@code report.txt}: the longest waits with their call sites and
 * late partners, the intervals that caused them (delay costs), and the critical path.
 */
final class WaitStatesText {
    /** Rows per table: the rest is in profile.json. */
    static final int ROWS = 12;

    private WaitStatesText() {}

    static void append(StringBuilder out, WaitReport r) {
        TextReport.section(out, "Wait states (why ranks waited, from the traces; user guide: Why ranks wait)");
        if (r.waits().isEmpty()) {
            out.append("  (no wait above the noise floor of ")
                    .append(Decimals.fixed(r.noiseFloorNs() / 1e6, 3))
                    .append(" ms)\n");
            problems(out, r);
            return;
        }
        out.append("  waiting by pattern, all ranks:");
        String sep = " ";
        for (Pattern p : Pattern.values()) {
            long t = r.totalNs(p);
            if (t > 0) {
                out.append(sep).append(p.label()).append(' ').append(seconds(t)).append(" s");
                sep = ", ";
            }
        }
        out.append('\n');
        Table t = new Table("<pattern", "rank", "<function", "<where", "peer", "waited [s]", "instances", "<clock");
        boolean anyUncertain = false;
        List<WaitReport.WaitState> waits = r.waits();
        for (int i = 0; i < Math.min(ROWS, waits.size()); i++) {
            WaitReport.WaitState w = waits.get(i);
            String clock = "";
            if (w.uncertain()) {
                clock = "UNCERTAIN (+-" + Decimals.fixed(w.errorBoundNs() / 1e6, 3) + " ms)";
                anyUncertain = true;
            } else if (w.uncertainInstances() > 0) {
                clock = w.uncertainInstances() + " uncertain";
                anyUncertain = true;
            }
            t.row(
                    w.pattern().label(),
                    w.rank(),
                    w.function(),
                    w.site().shortText(),
                    w.peer() < 0 ? "several" : Integer.toString(w.peer()),
                    seconds(w.ns()),
                    w.instances(),
                    clock);
        }
        t.appendTo(out, "  ");
        if (waits.size() > ROWS) {
            out.append("  ... ").append(waits.size() - ROWS).append(" more in profile.json (wait_states)\n");
        }
        if (anyUncertain) {
            out.append(
                    "  uncertain: the wait is shorter than the two ranks' clock error bounds added; it may not be real\n");
        }
        out.append(
                "\n  caused by (delay: the late rank's intervals just before its late calls; via: through other waits):\n");
        Table d = new Table("<interval", "caused [s]", "directly", "via waits", "instances", "<cause");
        List<WaitReport.Delay> delays = r.delays();
        for (int i = 0; i < Math.min(ROWS, delays.size()); i++) {
            WaitReport.Delay x = delays.get(i);
            d.row(
                    x.interval().describe(),
                    seconds(x.ns()),
                    seconds(x.shortTermNs()),
                    seconds(x.longTermNs()),
                    x.instances(),
                    cause(x.causes(), x.ns()));
        }
        d.appendTo(out, "  ");
        out.append("\n  critical path: ")
                .append(seconds(r.criticalPathNs()))
                .append(" s; what makes it as long as it is:\n");
        Table c = new Table("<interval", "[s]", "share %");
        List<WaitReport.PathStep> path = r.criticalPath();
        for (int i = 0; i < Math.min(ROWS, path.size()); i++) {
            WaitReport.PathStep s = path.get(i);
            c.row(
                    s.interval().describe(),
                    seconds(s.ns()),
                    Decimals.fixed(TextReport.pct(s.ns(), r.criticalPathNs()), 1));
        }
        c.appendTo(out, "  ");
        problems(out, r);
    }

    /**
     * The largest of the JVM's causes of a delay with its share, if it is at least
     * {@link JvmFindings#NOTABLE} of the delay ("gc 61 %"); else "application"; "" if not known.
     */
    static String cause(@Nullable DelayCauses c, long ns) {
        if (c == null) {
            return "";
        }
        DelayCauses.Cause k = c.largestJvmCause();
        if (k == DelayCauses.Cause.APPLICATION || ns <= 0 || c.ns(k) < JvmFindings.NOTABLE * ns) {
            return "application";
        }
        return k.key() + " " + Decimals.fixed(100.0 * c.ns(k) / ns, 0) + " %";
    }

    private static void problems(StringBuilder out, WaitReport r) {
        for (String p : r.problems()) {
            out.append("  not analysed: ").append(p).append('\n');
        }
    }

    static String seconds(long ns) {
        return Decimals.fixed(ns / 1e9, 6);
    }
}
