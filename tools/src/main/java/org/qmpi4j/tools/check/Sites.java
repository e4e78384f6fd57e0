package org.qmpi4j.tools.check;

import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.FindingSite;

/** Call sites of findings, from the calling addresses the agent gives. */
final class Sites {
    private Sites() {}

    /**
     * Appends where {@code a} is as the texts exchanged at {@code MPI_Finalize} carry it: its line,
     * then its class, method and file, each after a tab ({@link #fromText} reads them back).
     */
    static StringBuilder appendText(StringBuilder b, @Nullable CallingAddress a) {
        return b.append(a == null ? -1 : a.line())
                .append('\t')
                .append(clean(a == null ? "(unknown)" : a.className()))
                .append('\t')
                .append(clean(a == null ? "(unknown)" : a.methodName()))
                .append('\t')
                .append(clean(a == null || a.fileName() == null ? "" : a.fileName()));
    }

    /** The site {@link #appendText} wrote: its line, and the three texts after the line's numbers. */
    static FindingSite fromText(int rank, String function, int line, String className, String method, String file) {
        return new FindingSite(rank, function, className, method, file.isEmpty() ? null : file, line);
    }

    private static String clean(String s) {
        return s.replace('\t', ' ').replace('\n', ' ');
    }

    static FindingSite of(int rank, MpiFunction f, @Nullable CallingAddress a) {
        if (a == null) {
            return new FindingSite(rank, f.name(), "(unknown)", "(unknown)", null, -1);
        }
        return new FindingSite(rank, f.name(), a.className(), a.methodName(), a.fileName(), a.line());
    }
}
