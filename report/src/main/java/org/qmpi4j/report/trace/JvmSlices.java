package org.qmpi4j.report.trace;

import java.io.IOException;
import org.qmpi4j.formats.trace.ShardEvent;

/**
 * A call's JVM record as slices on its rank's "JVM" track, the one computation behind both trace
 * formats ({@link PerfettoJvmSlices} for {@code trace.pftrace}, {@link ChromeTraceAssembler} for
 * {@code trace.json}): for the interval before the call (from the previous call's exit to its
 * entry) and for the call itself, one slice per kind that took time there ({@code JVM: gc},
 * {@code JVM: safepoint}, {@code JVM: class loading}, {@code JVM: descheduled}). The trace records
 * how much of each an interval held, not when within it, so the slices are laid end to end, in
 * that order, ending where the interval ends (for the interval before a call: at the call's entry,
 * where the rank was late because of them), and each says so ({@link #PLACED}); what exceeds the
 * interval (counters of several threads) is cut to it, as is what would lie before the job's
 * zero (a trace's time starts there: start-up's pauses before the first call show only from the
 * zero on, with their whole time as argument). Only slices that overlap the selection's
 * window are given.
 */
final class JvmSlices {
    /** The slices' category in both formats. */
    static final String CATEGORY = "qmpi4j.jvm";

    /** The name of each rank's track of them. */
    static final String TRACK = "JVM";

    /** What each slice says of where it is drawn (its argument {@code placed}). */
    static final String PLACED =
            "the trace records how much of the interval this took, not when: drawn at the interval's end";

    /** The collections' count of a slice that is not {@code JVM: gc}. */
    static final long NO_COLLECTIONS = -1;

    /** Names of the kinds in a JVM record's five numbers, {@code null} for the collections' count. */
    private static final String[] NAMES = {"JVM: gc", null, "JVM: safepoint", "JVM: class loading", "JVM: descheduled"};

    private static final int KINDS = NAMES.length;

    /** Told each slice. */
    interface Sink {
        /**
         * A slice {@code name} from {@code start} to {@code end} (common clock, ns) standing for
         * {@code ns} of the interval {@code where} describes; {@code collections}: for
         * {@code JVM: gc}, the collections counted there, else {@link #NO_COLLECTIONS}.
         */
        void jvmSlice(long start, long end, String name, long ns, long collections, String where) throws IOException;
    }

    private JvmSlices() {}

    /**
     * Gives call {@code e}'s JVM slices to {@code sink}: the interval before it from {@code before}
     * (the previous call's exit, {@link Long#MIN_VALUE} for the first call) to {@code start}, the
     * call from {@code start} to {@code end}; all times on the common clock.
     */
    static void of(ShardEvent e, long before, long start, long end, TraceSelection sel, Sink sink) throws IOException {
        interval(e, 0, before, start, true, sel, sink);
        interval(e, KINDS, start, end, false, sel, sink);
    }

    private static void interval(
            ShardEvent e, int at, long from, long to, boolean beforeCall, TraceSelection sel, Sink sink)
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
        // Nothing is drawn before the job's zero (the earliest MPI_Init entry): the first call's
        // interval (its start unknown) and a rank's first moments all begin there at the earliest.
        long room = Math.max(0, to - Math.max(0, from));
        long t = to - Math.min(total, room);
        String where = null;
        for (int k = 0; k < KINDS; k++) {
            long ns = e.jvm(at + k);
            String name = NAMES[k];
            if (name == null || ns <= 0) {
                continue;
            }
            long shown = Math.min(ns, to - t);
            if (shown > 0 && sel.overlaps(t, t + shown)) {
                if (where == null) {
                    where = beforeCall
                            ? "before " + e.function() + " (since the previous call's exit)"
                            : "inside " + e.function();
                }
                sink.jvmSlice(t, t + shown, name, ns, k == 0 ? e.jvm(at + 1) : NO_COLLECTIONS, where);
            }
            t += shown;
        }
    }
}
