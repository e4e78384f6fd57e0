package org.qmpi4j.tools.tracer;

import java.io.IOException;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * Numbers the call sites a rank's calls come from and defines each in the shard (an {@code S}
 * line) before the first call that names it. The agent gives one {@link CallingAddress} instance
 * per call site, so an identity lookup finds the id without allocating per call.
 */
final class CallSites {
    private final IdentityTable ids = new IdentityTable();
    private int next;

    /** The id of {@code site}, defined in {@code w} on its first use; {@link TraceFormat#NONE} for none. */
    synchronized long id(CallingAddress site, TraceFileWriter w) throws IOException {
        if (site == null) {
            return TraceFormat.NONE;
        }
        long id = ids.get(site);
        if (id == IdentityTable.MISSING) {
            id = next++;
            w.defineSite((int) id, site.className(), site.methodName(), site.fileName(), site.line());
            ids.put(site, id);
        }
        return id;
    }
}
