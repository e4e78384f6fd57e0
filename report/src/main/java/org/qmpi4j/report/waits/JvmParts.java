package org.qmpi4j.report.waits;

import java.util.Arrays;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.DelayCauses;

/**
 * The JVM's share of a stretch of a rank's time, as the trace's JVM records give it: ns of
 * garbage-collection pauses, collections, ns of other safepoints, of class loading and descheduled
 * ({@link #KINDS} numbers, in that order). The analysis knows only how much of each a stretch held,
 * not when within it, so a part of a stretch is given the same share of each ({@link #share}).
 */
final class JvmParts {
    static final int KINDS = 5;
    static final int GC = 0;
    static final int GC_COUNT = 1;
    static final int SAFEPOINT = 2;
    static final int CLASS_LOADING = 3;
    static final int DESCHEDULED = 4;

    private JvmParts() {}

    /** The interval before the call, from a call's ten numbers. */
    static long[] before(long[] ten) {
        return Arrays.copyOfRange(ten, 0, KINDS);
    }

    /** Inside the call, from a call's ten numbers. */
    static long[] inside(long[] ten) {
        return Arrays.copyOfRange(ten, KINDS, 2 * KINDS);
    }

    /**
     * Adds to {@code into} (from index {@code at}) the share of {@code parts} (of a stretch of
     * {@code lengthNs}) that {@code ns} of it held, each kind's ns at most its share of the stretch;
     * a collection's count is given whole to any part that holds some of its pause.
     */
    static void share(long[] into, int at, @Nullable long[] parts, long lengthNs, long ns) {
        if (parts == null || ns <= 0) {
            return;
        }
        double f = lengthNs <= 0 ? 1.0 : Math.min(1.0, (double) ns / lengthNs);
        for (int k = 0; k < KINDS; k++) {
            if (k == GC_COUNT) {
                into[at + k] += parts[GC] > 0 && f > 0 ? Math.max(1, Math.round(parts[k] * f)) : 0;
            } else {
                into[at + k] += (long) (parts[k] * f);
            }
        }
    }

    /** The causes of {@code totalNs} of which {@code parts} (from {@code at}) were the JVM's. */
    static DelayCauses causes(long totalNs, long[] parts, int at) {
        return DelayCauses.of(
                totalNs,
                new long[] {parts[at + GC], parts[at + SAFEPOINT], parts[at + CLASS_LOADING], parts[at + DESCHEDULED]},
                parts[at + GC_COUNT]);
    }
}
