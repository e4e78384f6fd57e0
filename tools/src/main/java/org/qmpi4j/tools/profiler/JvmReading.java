package org.qmpi4j.tools.profiler;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ThreadLevel;
import org.qmpi4j.formats.profile.JvmSummary;

/**
 * What the JVM did to this rank since it started, read through the agent's MPI_T variables
 * ({@code qmpi4j_jvm_totals} and the control variables naming the collectors and the last cause),
 * as any tool would read them. Read when the rank's profile is written, not before: the registry
 * of variables is made on first use, and a rank that is never asked pays nothing.
 */
final class JvmReading {
    private static final int FIXED = 6;
    private static final int PER_COLLECTOR = 3;

    private final int toolId;

    JvmReading(int toolId) {
        this.toolId = toolId;
    }

    /** The totals now, or {@code null} when MPI_T cannot say (no such variables, or the JVM is shutting down). */
    @Nullable
    JvmSummary read() {
        MpiT mpit;
        try {
            mpit = Qmpi.mpit(toolId);
            mpit.initThread(ThreadLevel.MULTIPLE);
        } catch (RuntimeException e) {
            return null;
        }
        try {
            String[] names = cString(mpit, "qmpi4j_jvm_collectors").split(",", -1);
            String cause = cString(mpit, "qmpi4j_jvm_last_gc_cause");
            PvarSession s = mpit.pvarSessionCreate();
            try {
                PvarHandle h = mpit.pvarHandleAlloc(s, mpit.pvarGetIndex("qmpi4j_jvm_totals", PvarClass.GENERIC), null);
                long[] v = new long[h.count()];
                mpit.pvarRead(s, h, v);
                List<JvmSummary.Collector> collectors = new ArrayList<>();
                for (int i = 0; FIXED + PER_COLLECTOR * (i + 1) <= v.length && i < names.length; i++) {
                    int at = FIXED + PER_COLLECTOR * i;
                    collectors.add(new JvmSummary.Collector(names[i], v[at], v[at + 1], v[at + 2] == 1));
                }
                return new JvmSummary(v[0], v[1], v[2], v[3], v[4], v[5], collectors, cause.isEmpty() ? null : cause);
            } finally {
                mpit.pvarSessionFree(s);
            }
        } catch (RuntimeException e) {
            return null; // the profile is written without it
        } finally {
            try {
                mpit.finalizeInterface();
            } catch (RuntimeException ignored) {
                // initialised above; nothing to undo
            }
        }
    }

    private static String cString(MpiT mpit, String name) {
        CvarHandle h = mpit.cvarHandleAlloc(mpit.cvarGetIndex(name), null);
        try {
            byte[] b = new byte[h.count()];
            mpit.cvarRead(h, b);
            int end = 0;
            while (end < b.length && b[end] != 0) {
                end++;
            }
            return new String(b, 0, end, StandardCharsets.UTF_8);
        } finally {
            mpit.cvarHandleFree(h);
        }
    }
}
