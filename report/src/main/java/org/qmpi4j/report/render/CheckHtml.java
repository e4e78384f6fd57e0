package org.qmpi4j.report.render;

import java.util.List;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;

/**
 * The {@code check} tool's section of {@code report.html}, when the profiler also ran: one line per
 * finding with its sites. Put into the page by whichever of the two tools writes last
 * ({@link #insert}), between markers, so writing it again replaces it.
 */
public final class CheckHtml {
    private static final String START = "<!-- qmpi4j-check -->";
    private static final String END = "<!-- /qmpi4j-check -->";

    private CheckHtml() {}

    /** The section for {@code findings}. */
    public static String section(List<Finding> findings) {
        StringBuilder h = new StringBuilder(512);
        h.append(START).append("<section id=\"check\"><h2>Correctness (check)</h2>\n");
        if (findings.isEmpty()) {
            h.append("<p class=\"note\">no findings</p>\n");
        } else {
            h.append("<p class=\"note\">")
                    .append(findings.size())
                    .append(" finding(s); check.txt and check.json have")
                    .append(" them in full</p>\n<table><thead><tr><th>severity</th><th>rule</th><th>count</th>")
                    .append("<th>message</th><th>sites</th></tr></thead><tbody>\n");
            for (Finding f : findings) {
                h.append("<tr><td>")
                        .append(f.severity().text())
                        .append("</td><td>")
                        .append(Markup.escape(f.rule()))
                        .append("</td><td>")
                        .append(f.count())
                        .append("</td><td>")
                        .append(Markup.escape(f.message()))
                        .append("</td><td>");
                for (FindingSite s : f.sites()) {
                    h.append(Markup.escape(s.toString())).append("<br>");
                }
                h.append("</td></tr>\n");
            }
            h.append("</tbody></table>\n");
        }
        h.append("</section>").append(END).append('\n');
        return h.toString();
    }

    /** {@code html} (a report page) with the section for {@code findings} in place of any earlier one, before its footer. */
    public static String insert(String html, List<Finding> findings) {
        String section = section(findings);
        int start = html.indexOf(START);
        int end = html.indexOf(END);
        if (start >= 0 && end > start) {
            return html.substring(0, start)
                    + section.substring(0, section.length() - 1)
                    + html.substring(end + END.length());
        }
        int at = html.indexOf("<footer");
        if (at < 0) {
            at = html.lastIndexOf("</body>");
        }
        return at < 0 ? html + section : html.substring(0, at) + section + html.substring(at);
    }
}
