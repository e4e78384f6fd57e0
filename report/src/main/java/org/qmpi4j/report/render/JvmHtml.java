package org.qmpi4j.report.render;

import java.util.List;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.profile.JvmSummary;
import org.qmpi4j.formats.profile.Profile;

/** The "What the JVM did" section of {@code report.html} ({@link JvmFindings}), as report.txt says it. */
final class JvmHtml {
    private JvmHtml() {}

    /** Whether {@code p} has anything for the section (for the page's navigation). */
    static boolean has(Profile p) {
        return JvmFindings.of(p) != null;
    }

    static void append(StringBuilder h, Profile p) {
        JvmFindings f = JvmFindings.of(p);
        if (f == null) {
            return;
        }
        h.append("<section id=\"jvm\"><h2>What the JVM did</h2>\n");
        h.append("<p class=\"note\">Each rank's pauses as its JVM counts them (garbage collection, other"
                + " safepoints, class loading on all threads, time the thread that calls MPI was runnable but not"
                + " running), and how much of the job's waiting each caused: a delay's waiting is split in proportion"
                + " to what the late rank's late window held (user guide, &ldquo;What the JVM did&rdquo;).</p>\n");
        if (f.causesKnown) {
            if (f.findings.isEmpty()) {
                h.append("<p id=\"jvm-none\">The JVM caused no notable waiting: ")
                        .append(Decimals.fixed(100 * f.applicationShare, 0))
                        .append("&nbsp;% of the job's ")
                        .append(Decimals.fixed(f.waitingNs / 1e9, 3))
                        .append("&nbsp;s of waiting came from the application's own time.</p>\n");
            } else {
                h.append("<ul id=\"jvm-findings\">\n");
                for (JvmFindings.Finding x : f.findings) {
                    h.append("<li><b>").append(Markup.escape(f.sentence(x))).append("</b></li>\n");
                }
                h.append("<li>the application's own time caused the rest: ")
                        .append(Decimals.fixed(100 * f.applicationShare, 0))
                        .append("&nbsp;%</li>\n</ul>\n<h3>Advice</h3>\n<ul id=\"jvm-advice\">\n");
                for (String a : f.advice()) {
                    h.append("<li>").append(Markup.escape(a)).append("</li>\n");
                }
                h.append("</ul>\n");
            }
        } else {
            h.append("<p class=\"note\">Which waits the JVM caused is known with the tracer"
                    + " (<code>tools=profiler,tracer</code>).</p>\n");
        }
        if (!f.jvm.isEmpty()) {
            if (f.summarised()) {
                h.append("<p>")
                        .append(f.jvms.size())
                        .append(" JVMs, each column&rsquo;s distribution over them:</p>\n"
                                + "<div class=\"scroll\"><table class=\"data\" id=\"jvm-distribution\"><thead><tr><th></th>"
                                + "<th>gc pauses [s]</th><th>collections</th><th>safepoints [s]</th><th>class loading [s]</th>"
                                + "<th>descheduled [s]</th></tr></thead><tbody>\n");
                long[][] rows = f.distribution();
                for (int k = 0; k < rows.length; k++) {
                    h.append("<tr><td>")
                            .append(JvmFindings.PERCENTILE_NAMES[k])
                            .append("</td><td>")
                            .append(Decimals.fixed(rows[k][0] / 1e9, 3))
                            .append("</td><td>")
                            .append(rows[k][1])
                            .append("</td><td>")
                            .append(Decimals.fixed(rows[k][2] / 1e9, 3))
                            .append("</td><td>")
                            .append(Decimals.fixed(rows[k][3] / 1e9, 3))
                            .append("</td><td>")
                            .append(Decimals.fixed(rows[k][4] / 1e9, 3))
                            .append("</td></tr>\n");
                }
                h.append("</tbody></table></div>\n<p>The ")
                        .append(JvmFindings.MOST_PAUSED)
                        .append(" JVMs that paused most:</p>\n");
            }
            h.append("<div class=\"scroll\"><table class=\"data\" id=\"jvm-table\"><thead><tr><th>rank</th>"
                    + "<th>gc pauses [s]</th><th>collections</th><th>safepoints [s]</th><th>class loading [s]</th>"
                    + "<th>descheduled [s]</th><th class=\"function\">last gc cause</th></tr></thead><tbody>\n");
            for (List<Integer> ranks : f.listed()) {
                JvmSummary s = f.ofJvm(ranks);
                h.append("<tr><td>")
                        .append(JvmFindings.label(ranks))
                        .append("</td><td>")
                        .append(Decimals.fixed(s.gcPauseNs() / 1e9, 3))
                        .append("</td><td>")
                        .append(s.gcCount())
                        .append("</td><td>")
                        .append(Decimals.fixed(s.safepointNs() / 1e9, 3))
                        .append("</td><td>")
                        .append(Decimals.fixed(s.classLoadingNs() / 1e9, 3))
                        .append("</td><td>")
                        .append(Decimals.fixed(s.descheduledNs() / 1e9, 3))
                        .append("</td><td class=\"function\">")
                        .append(s.lastGcCause() == null ? "&ndash;" : Markup.escape(s.lastGcCause()))
                        .append("</td></tr>\n");
            }
            h.append("</tbody></table></div>\n");
            String shared = f.sharedJvmNote();
            if (shared != null) {
                h.append("<p class=\"note\" id=\"jvm-shared\">")
                        .append(Markup.escape(shared))
                        .append("</p>\n");
            }
        }
        h.append("</section>\n");
    }
}
