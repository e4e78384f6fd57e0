package org.qmpi4j.report.trace;

import java.io.IOException;
import org.qmpi4j.formats.trace.ShardEvent;

/**
 * A call's JVM record as slices on its rank's "JVM" track: for the interval before the call (from
 * the previous call's exit to its entry) and for the call itself, one slice per kind that took
 * time there ({@code JVM: gc}, {@code JVM: safepoint}, {@code JVM: class loading},
 * {@code JVM: descheduled}). The trace records how much of each an interval held, not when within
 * it, so the slices are laid end to end, in that order, ending where the interval ends (for the
 * interval before a call: at the call's entry, where the rank was late because of them), and each
 * says so in its arguments; what exceeds the interval (counters of several threads) is cut to it.
 */
final class PerfettoJvmSlices {
    /** Names of the kinds in a JVM record's five numbers, {@code null} for the collections' count. */
    private static final String[] NAMES = {"JVM: gc", null, "JVM: safepoint", "JVM: class loading", "JVM: descheduled"};

    private static final int KINDS = NAMES.length;

    private PerfettoJvmSlices() {}

    /**
     * Writes call {@code e}'s JVM slices: the interval before it from {@code before} (the previous
     * call's exit, {@link Long#MIN_VALUE} for the first call) to {@code start}, the call from
     * {@code start} to {@code end}; all times on the common clock.
     */
    static void write(
            PerfettoTraceWriter w, int rank, ShardEvent e, long before, long start, long end, TraceSelection sel)
            throws IOException {
        interval(w, rank, e, 0, before, start, "before " + e.function() + " (since the previous call's exit)", sel);
        interval(w, rank, e, KINDS, start, end, "inside " + e.function(), sel);
    }

    private static void interval(
            PerfettoTraceWriter w, int rank, ShardEvent e, int at, long from, long to, String where, TraceSelection sel)
            throws IOException {
        long total = 0;
        for (int k = 0; k < KINDS; k++) {
            if (NAMES[k] != null) {
                total += e.jvm(at + k);
            }
        }
        if (total <= 0) {
            return;
        }
        long room = from == Long.MIN_VALUE ? total : Math.max(0, to - from);
        long t = to - Math.min(total, room);
        for (int k = 0; k < KINDS; k++) {
            long ns = e.jvm(at + k);
            if (NAMES[k] == null || ns <= 0) {
                continue;
            }
            long shown = Math.min(ns, to - t);
            if (shown > 0 && sel.overlaps(t, t + shown)) {
                String amount = Long.toString(ns);
                if (k == 0) {
                    w.jvmSlice(
                            rank,
                            t,
                            t + shown,
                            NAMES[k],
                            "ns",
                            amount,
                            "collections",
                            Long.toString(e.jvm(at + 1)),
                            "where",
                            where,
                            "placed",
                            PLACED);
                } else {
                    w.jvmSlice(rank, t, t + shown, NAMES[k], "ns", amount, "where", where, "placed", PLACED);
                }
            }
            t += shown;
        }
    }

    private static final String PLACED =
            "the trace records how much of the interval this took, not when: drawn at the interval's end";
}
