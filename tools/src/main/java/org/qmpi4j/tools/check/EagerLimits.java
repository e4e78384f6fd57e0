package org.qmpi4j.tools.check;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.CvarInfo;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * The message size above which the MPI library stops buffering standard sends, read from its own
 * control variables (MPI_T) when a {@code buffering_deadlock} finding is made, never before (the
 * library's MPI_T is opened only then). Open MPI names it per transport: {@code btl_vader_eager_limit}
 * (4.1) or {@code btl_sm_eager_limit} (5.0) between ranks of one node, {@code btl_tcp_eager_limit}
 * between nodes; each counts Open MPI's own header of a few dozen bytes. A library without them
 * (MPJ Express has no MPI_T) gets none: the finding then says "with no buffering" only.
 */
final class EagerLimits {
    private static final String[][] KNOWN = {
        {"btl_vader_eager_limit", "between ranks of one node"},
        {"btl_sm_eager_limit", "between ranks of one node"},
        {"btl_tcp_eager_limit", "between nodes"},
    };

    private final int toolId;
    private final Activity activity;
    private volatile @Nullable String said;

    EagerLimits(int toolId, Activity activity) {
        this.toolId = toolId;
        this.activity = activity;
    }

    /**
     * E.g. "above 4096 bytes between ranks of one node (btl_vader_eager_limit) and above 65536
     * bytes between nodes (btl_tcp_eager_limit)", or {@code ""} when the library has none of them.
     */
    String text() {
        String s = said;
        if (s == null) {
            // Opening the library's MPI_T reads all its variables: the deadlock watch must not
            // take the seconds that can take on a loaded machine for a rank blocked in MPI.
            activity.ownWorkStarted();
            try {
                s = read();
            } finally {
                activity.ownWorkEnded();
            }
            said = s;
        }
        return s;
    }

    private String read() {
        StringBuilder b = new StringBuilder();
        MpiT mpit;
        try {
            mpit = Qmpi.mpit(toolId);
            mpit.initThread(ThreadLevel.SINGLE);
        } catch (RuntimeException | LinkageError unavailable) {
            return "";
        }
        try {
            for (String[] known : KNOWN) {
                long v = value(mpit, known[0]);
                if (v > 0) {
                    b.append(b.length() == 0 ? "above " : " and above ")
                            .append(v)
                            .append(" bytes ")
                            .append(known[1])
                            .append(" (")
                            .append(known[0])
                            .append(')');
                }
            }
        } finally {
            try {
                mpit.finalizeInterface();
            } catch (RuntimeException | LinkageError ignored) {
                // the reference count is the interface's own
            }
        }
        return b.toString();
    }

    /** The variable's value, or -1 where the library has none of that name or it cannot be read. */
    private static long value(MpiT mpit, String name) {
        try {
            int index = mpit.cvarGetIndex(name);
            CvarInfo info = mpit.cvarGetInfo(index);
            CvarHandle h = mpit.cvarHandleAlloc(index, null);
            try {
                Object buffer = info.datatype().newBuffer(Math.max(1, h.count()));
                mpit.cvarRead(h, buffer);
                if (buffer instanceof long[]) {
                    return ((long[]) buffer)[0];
                }
                if (buffer instanceof int[]) {
                    return Integer.toUnsignedLong(((int[]) buffer)[0]);
                }
                return -1;
            } finally {
                mpit.cvarHandleFree(h);
            }
        } catch (RuntimeException | LinkageError absent) {
            return -1;
        }
    }
}
