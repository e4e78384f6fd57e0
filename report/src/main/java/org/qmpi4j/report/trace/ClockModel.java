package org.qmpi4j.report.trace;

/**
 * How one rank's clock relates to rank 0's, from at most two measurements (at {@code MPI_Init}
 * and at {@code MPI_Finalize}): at local time {@code t} of a measurement, rank 0's clock read
 * {@code t + offset}, give or take {@code error}. Between the two the offset is interpolated
 * linearly (the clocks drift apart at a constant rate, the assumption HPC tracers make for runs
 * of minutes to hours); before the first and after the second it is extrapolated along the same
 * line. With one measurement the offset is constant; with none the clocks are taken as equal.
 *
 * <p>The error bound follows from the same assumption: if the true offset is a straight line and
 * each measurement is within its bound, the interpolated offset is within the interpolated bound
 * (see {@link #errorAt}).
 */
public final class ClockModel {
    /** Rank 0 itself, or no measurement. */
    public static final ClockModel IDENTITY = new ClockModel(0, 0, 0, 0, 0, 0, 0);

    private final int measurements;
    private final long firstLocal;
    private final long firstOffset;
    private final long firstError;
    private final long lastLocal;
    private final long lastOffset;
    private final long lastError;

    private ClockModel(
            int measurements,
            long firstLocal,
            long firstOffset,
            long firstError,
            long lastLocal,
            long lastOffset,
            long lastError) {
        this.measurements = measurements;
        this.firstLocal = firstLocal;
        this.firstOffset = firstOffset;
        this.firstError = firstError;
        this.lastLocal = lastLocal;
        this.lastOffset = lastOffset;
        this.lastError = lastError;
    }

    /** The model with these measurements ({@code measurements} of them: 0, 1 or 2). */
    public static ClockModel of(
            int measurements,
            long firstLocal,
            long firstOffset,
            long firstError,
            long lastLocal,
            long lastOffset,
            long lastError) {
        ClockModel m = IDENTITY;
        if (measurements > 0) {
            m = m.with(firstLocal, firstOffset, firstError);
        }
        if (measurements > 1) {
            m = m.with(lastLocal, lastOffset, lastError);
        }
        return m;
    }

    /** This model with one more measurement (a third replaces the second). */
    public ClockModel with(long local, long offset, long error) {
        if (measurements == 0) {
            return new ClockModel(1, local, offset, error, local, offset, error);
        }
        if (local == firstLocal) {
            return this; // the same measurement read twice
        }
        return new ClockModel(2, firstLocal, firstOffset, firstError, local, offset, error);
    }

    /** 0, 1 or 2. */
    public int measurements() {
        return measurements;
    }

    /** {@code t} on rank 0's clock. */
    public long toReference(long local) {
        return local + offsetAt(local);
    }

    /** The offset to add to local time {@code local}. */
    public long offsetAt(long local) {
        return interpolate(local, firstOffset, lastOffset);
    }

    /**
     * How far {@link #toReference} may be from the truth at {@code local}: the line through two
     * points each known within its bound is known within {@code (e1 |t2 - t| + e2 |t - t1|) /
     * (t2 - t1)} at {@code t}, the interpolation of the bounds between the measurements, growing
     * beyond them (a short run's noisy slope must not be trusted far away).
     */
    public long errorAt(long local) {
        if (measurements < 2 || lastLocal == firstLocal) {
            return firstError;
        }
        double span = (double) (lastLocal - firstLocal);
        double fromFirst = Math.abs((double) (local - firstLocal));
        double fromLast = Math.abs((double) (lastLocal - local));
        return (long) Math.ceil((firstError * fromLast + lastError * fromFirst) / span);
    }

    private long interpolate(long local, long a, long b) {
        if (measurements < 2 || lastLocal == firstLocal) {
            return a;
        }
        double slope = (double) (b - a) / (double) (lastLocal - firstLocal);
        return a + Math.round(slope * (double) (local - firstLocal));
    }

    /** Rank 0's clock runs this many parts per million faster than this rank's (0 with fewer than two measurements). */
    public double driftPpm() {
        if (measurements < 2 || lastLocal == firstLocal) {
            return 0;
        }
        return (double) (lastOffset - firstOffset) / (double) (lastLocal - firstLocal) * 1e6;
    }

    public long firstLocal() {
        return firstLocal;
    }

    public long firstOffset() {
        return firstOffset;
    }

    public long firstError() {
        return firstError;
    }

    public long lastLocal() {
        return lastLocal;
    }

    public long lastOffset() {
        return lastOffset;
    }

    public long lastError() {
        return lastError;
    }
}
