package org.qmpi4j.tools.check;

import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.FindingSite;

/** Call sites of findings, from the calling addresses the agent gives. */
final class Sites {
    private Sites() {}

    static FindingSite of(int rank, MpiFunction f, @Nullable CallingAddress a) {
        if (a == null) {
            return new FindingSite(rank, f.name(), "(unknown)", "(unknown)", null, -1);
        }
        return new FindingSite(rank, f.name(), a.className(), a.methodName(), a.fileName(), a.line());
    }
}
