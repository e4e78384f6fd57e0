package org.qmpi4j.report.render;

import java.util.List;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.profile.JvmSummary;
import org.qmpi4j.formats.profile.Profile;

/** The "What the JVM did" section of {@code report.txt} ({@link JvmFindings}). */
final class JvmText {
    private JvmText() {}

    static void append(StringBuilder out, Profile p) {
        JvmFindings f = JvmFindings.of(p);
        if (f == null) {
            return;
        }
        TextReport.section(
                out, "What the JVM did (pauses per rank, the waiting they caused; user guide: What the JVM did)");
        if (!f.jvm.isEmpty()) {
            if (f.summarised()) {
                out.append("  ").append(f.jvms.size()).append(" JVMs, each column's distribution over them:\n");
                Table d = new Table(
                        "<", "gc pauses [s]", "collections", "safepoints [s]", "class loading [s]", "descheduled [s]");
                long[][] rows = f.distribution();
                for (int k = 0; k < rows.length; k++) {
                    d.row(
                            JvmFindings.PERCENTILE_NAMES[k],
                            seconds(rows[k][0]),
                            rows[k][1],
                            seconds(rows[k][2]),
                            seconds(rows[k][3]),
                            seconds(rows[k][4]));
                }
                d.appendTo(out, "  ");
                out.append("\n  the ").append(JvmFindings.MOST_PAUSED).append(" JVMs that paused most:\n");
            }
            Table t = new Table(
                    "rank",
                    "gc pauses [s]",
                    "collections",
                    "safepoints [s]",
                    "class loading [s]",
                    "descheduled [s]",
                    "<last gc cause");
            for (List<Integer> ranks : f.listed()) {
                JvmSummary s = f.ofJvm(ranks);
                t.row(
                        JvmFindings.label(ranks),
                        seconds(s.gcPauseNs()),
                        s.gcCount(),
                        seconds(s.safepointNs()),
                        seconds(s.classLoadingNs()),
                        seconds(s.descheduledNs()),
                        s.lastGcCause() == null ? "-" : s.lastGcCause());
            }
            t.appendTo(out, "  ");
            String shared = f.sharedJvmNote();
            if (shared != null) {
                out.append("  ").append(shared).append('\n');
            }
        }
        if (!f.causesKnown) {
            out.append("  (which waits the JVM caused is known with the tracer: tools=profiler,tracer)\n");
            return;
        }
        if (f.findings.isEmpty()) {
            out.append("  the JVM caused no notable waiting: ")
                    .append(Decimals.fixed(100 * f.applicationShare, 0))
                    .append(" % of the job's ")
                    .append(Decimals.fixed(f.waitingNs / 1e9, 3))
                    .append(" s of waiting came from the application's own time (computation and MPI calls)\n");
            return;
        }
        out.append('\n');
        for (JvmFindings.Finding x : f.findings) {
            out.append("  ").append(f.sentence(x)).append('\n');
        }
        out.append("  the application's own time caused the rest: ")
                .append(Decimals.fixed(100 * f.applicationShare, 0))
                .append(" %\n\n  advice:\n");
        for (String a : f.advice()) {
            out.append("  - ").append(a).append('\n');
        }
    }

    private static String seconds(long ns) {
        return Decimals.fixed(ns / 1e9, 3);
    }
}
