package org.qmpi4j.report.trace;

import org.qmpi4j.formats.trace.ClockModel;
import org.qmpi4j.formats.trace.ClockSummary;

/**
 * How one rank's own clock maps onto the job's common clock, the one place that says it for every
 * trace reader: rank 0's clock ({@link ClockModel}: the offsets measured at {@code MPI_Init} and
 * {@code MPI_Finalize}, linear drift between them), minus the job's zero (the earliest
 * {@code MPI_Init} entry), plus the rank's causality shift at that time
 * ({@link CausalityCorrection}). {@code trace.json} and {@code trace.pftrace} show every time
 * through it.
 */
public final class RankClock {
    private final int rank;
    private final ClockModel clock;
    private final long zero;
    private final CausalityCorrection correction;

    public RankClock(int rank, ClockModel clock, long zero, CausalityCorrection correction) {
        this.rank = rank;
        this.clock = clock;
        this.zero = zero;
        this.correction = correction;
    }

    /** {@code local} (nanoseconds on rank {@code rank}'s clock) on the common clock, corrected. */
    public static long common(int rank, ClockModel clock, long zero, CausalityCorrection correction, long local) {
        long aligned = aligned(clock, zero, local);
        return aligned + correction.shift(rank, aligned);
    }

    /** {@code local} on the common clock before the causality correction: aligned and from the zero. */
    public static long aligned(ClockModel clock, long zero, long local) {
        return clock.aligned(zero, local);
    }

    /** A time of this rank's own clock on the job's common clock, in nanoseconds from the job's zero. */
    public long common(long local) {
        return common(rank, clock, zero, correction, local);
    }

    /** As {@link #common}, before the causality correction. */
    public long aligned(long local) {
        return aligned(clock, zero, local);
    }

    public int rank() {
        return rank;
    }

    /** The clock alignment (offsets and error bounds as measured). */
    public ClockModel model() {
        return clock;
    }

    /** The job's zero on rank 0's clock. */
    public long zero() {
        return zero;
    }

    /**
     * How far a time of this rank between {@code firstLocal} and {@code lastLocal} (its own clock)
     * may be from the truth once aligned, before the causality correction: the
     * {@code error_bound_ns} of {@code trace.json}'s {@code clock_offsets} (0 for rank 0, the
     * reference). {@code -1} when the clock was never measured (a binding that cannot exchange data,
     * a version-1 shard): then nothing bounds it.
     */
    public long errorBound(long firstLocal, long lastLocal) {
        return clock.measurements() == 0 ? -1 : ClockSummary.bound(clock, firstLocal, lastLocal);
    }
}
