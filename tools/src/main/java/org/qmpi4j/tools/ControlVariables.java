package org.qmpi4j.tools;

import java.nio.charset.StandardCharsets;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.ThreadLevel;

/** The agent's MPI_T control variables that stand for tool settings, read through MPI_T like any tool would. */
final class ControlVariables {
    private ControlVariables() {
    }

    /** The control variable for {@code key} ({@code output}: {@code qmpi4j_output_dir}), or {@code null}. */
    static String read(int toolId, String key) {
        if (!key.equals("output")) {
            return null;
        }
        MpiT mpit;
        try {
            mpit = Qmpi.mpit(toolId);
            mpit.initThread(ThreadLevel.SINGLE);
        } catch (RuntimeException e) {
            return null; // no MPI_T (an older agent): properties and environment decide
        }
        try {
            CvarHandle h = mpit.cvarHandleAlloc(mpit.cvarGetIndex("qmpi4j_output_dir"), null);
            try {
                byte[] buf = new byte[h.count()];
                mpit.cvarRead(h, buf);
                int n = 0;
                while (n < buf.length && buf[n] != 0) {
                    n++;
                }
                return new String(buf, 0, n, StandardCharsets.UTF_8);
            } finally {
                mpit.cvarHandleFree(h);
            }
        } catch (MpitException e) {
            return null;
        } finally {
            mpit.finalizeInterface();
        }
    }
}
