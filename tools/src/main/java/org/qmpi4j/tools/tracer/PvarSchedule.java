package org.qmpi4j.tools.tracer;

import java.util.List;
import java.util.Locale;
import org.qmpi4j.api.MpiFunction;

/**
 * When the tracer samples its performance variables ({@link PvarSampler}): at the end of every call
 * of the functions chosen, or, with none chosen, at the end of the first call once an interval has
 * passed since the last sample. Sampling at calls, not from a timer thread, keeps MPI_T on the
 * application's threads and away from a rank that computes.
 */
final class PvarSchedule {
    private final long intervalNs;
    private final boolean[] chosen = new boolean[MpiFunction.values().length];
    private long last = Long.MIN_VALUE;

    /**
     * @param intervalSeconds the interval, when no function is chosen
     * @param calls MPI functions by their standard name in any case ({@code MPI_Recv}, {@code MPI_RECV})
     * @throws IllegalArgumentException for a name that is not an MPI function
     */
    PvarSchedule(double intervalSeconds, List<String> calls) {
        this.intervalNs = calls.isEmpty() ? (long) (intervalSeconds * 1e9) : 0;
        for (String c : calls) {
            chosen[MpiFunction.valueOf(c.trim().toUpperCase(Locale.ROOT)).ordinal()] = true;
        }
    }

    /** Whether a sample is due after a call of {@code f} that ended at {@code now} (ns); if so, takes it as taken. */
    boolean due(MpiFunction f, long now) {
        boolean byTime = intervalNs > 0 && (last == Long.MIN_VALUE || now - last >= intervalNs);
        if (byTime || chosen[f.ordinal()]) {
            last = now;
            return true;
        }
        return false;
    }
}
