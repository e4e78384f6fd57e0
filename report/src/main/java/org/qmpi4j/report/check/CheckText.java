package org.qmpi4j.report.check;

import java.util.List;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;

/** {@code check.txt}: the findings for people, one block each, then what the file does not cover. */
public final class CheckText {
    private CheckText() {}

    /**
     * @param ranks   the ranks whose findings are in {@code findings}
     * @param size    the job's ranks, or -1 when not known
     */
    public static String render(List<Finding> findings, List<Integer> ranks, int size) {
        StringBuilder b = new StringBuilder();
        long errors = 0;
        long warnings = 0;
        for (Finding f : findings) {
            if (f.severity() == Finding.Severity.ERROR) {
                errors++;
            } else {
                warnings++;
            }
        }
        b.append("qmpi4j check: ")
                .append(findings.isEmpty() ? "no findings" : errors + " error(s), " + warnings + " warning(s)")
                .append(" in ")
                .append(ranks.size())
                .append(" rank(s)\n");
        if (size > ranks.size()) {
            b.append("no data from ").append(size - ranks.size()).append(" rank(s): their findings are not here\n");
        }
        int n = 0;
        for (Finding f : findings) {
            b.append('\n')
                    .append(++n)
                    .append(". ")
                    .append(f.severity().text())
                    .append(' ')
                    .append(f.rule());
            if (f.count() > 1) {
                b.append(" (").append(f.count()).append(" times)");
            }
            b.append('\n').append("   ").append(f.message()).append('\n');
            for (FindingSite s : f.sites()) {
                b.append("   at ").append(s).append('\n');
            }
        }
        return b.toString();
    }
}
