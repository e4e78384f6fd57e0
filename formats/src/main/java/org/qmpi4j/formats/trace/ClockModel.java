package org.qmpi4j.formats.trace;

/**
 * How one rank's clock relates to rank 0's, from at most two measurements (at {@code MPI_Init}
 * and at {@code MPI_Finalize}): at local time {@code t} of a measurement, rank 0's clock read
 * {@code t + offset}, give or take {@code error}. The offset is taken to change linearly (the
 * clocks drift apart at a constant rate, the assumption HPC tracers make for runs of minutes to
 * hours); with one measurement it is constant; with none the clocks are taken as equal.
 *
 * <p>Of the lines that pass within both measurements' bounds, the model takes the flattest (the
 * middle one of those with that slope): the drift the measurements force, and no more. The line
 * through the two measured offsets would add the measurements' errors divided by the time between
 * them as drift: on a loaded machine, where round trips and so the bounds reach milliseconds, a
 * drift of hundreds of ppm that no clock has, which bends the ranks' timelines against each other
 * within a short burst of messages more than the messages take, and which the causality
 * correction cannot follow (its shifts hold each message's constraint over a whole segment).
 * A real drift is found, less at most what the bounds allow.
 *
 * <p>The error bound follows from the same assumption: if the true offset is a straight line and
 * each measurement is within its bound, the true line lies in the band between the lines through
 * the bounds' ends, and the model is within that band's far edge (see {@link #errorAt}).
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
    /** The model's offset at {@code firstLocal}. */
    private final double base;
    /** The model's change of offset per ns. */
    private final double slope;

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
        double span = (double) (lastLocal - firstLocal);
        if (measurements < 2 || span <= 0) {
            base = firstOffset;
            slope = 0;
        } else {
            // Slopes of the lines through both bounds: from the lowest to the highest.
            double low = ((lastOffset - lastError) - (firstOffset + firstError)) / span;
            double high = ((lastOffset + lastError) - (firstOffset - firstError)) / span;
            slope = Math.max(low, Math.min(high, 0));
            // Offsets at firstLocal of the lines with that slope within both bounds: the middle one.
            double from = Math.max(firstOffset - firstError, lastOffset - lastError - slope * span);
            double to = Math.min(firstOffset + firstError, lastOffset + lastError - slope * span);
            base = (from + to) / 2;
        }
    }

    // The constructor's parameters, but through with()'s rules (a repeated measurement is one), not as they are.
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

    /**
     * {@code local} on the job's common clock before any causality correction: on rank 0's clock
     * and counted from the job's {@code zero} (a time of rank 0's clock).
     */
    public long aligned(long zero, long local) {
        return toReference(local) - zero;
    }

    /** The offset to add to local time {@code local}. */
    public long offsetAt(long local) {
        return Math.round(line(local));
    }

    private double line(long local) {
        return base + slope * (double) (local - firstLocal);
    }

    /**
     * How far {@link #toReference} may be from the truth at {@code local}. The line through two
     * points each known within its bound lies within {@code (e1 |t2 - t| + e2 |t - t1|) / (t2 -
     * t1)} of the line through the measured offsets at {@code t}: the interpolation of the bounds
     * between the measurements, growing beyond them (a short run's noisy slope must not be trusted
     * far away). The model's line is within that band too, so it is off by at most that plus its
     * distance from the line through the measured offsets.
     */
    public long errorAt(long local) {
        if (measurements < 2 || lastLocal == firstLocal) {
            return firstError;
        }
        double span = (double) (lastLocal - firstLocal);
        double fromFirst = (double) (local - firstLocal);
        double fromLast = (double) (lastLocal - local);
        double band = (firstError * Math.abs(fromLast) + lastError * Math.abs(fromFirst)) / span;
        double measured = firstOffset + (lastOffset - firstOffset) * (fromFirst / span);
        return (long) Math.ceil(band + Math.abs(line(local) - measured));
    }

    /** Rank 0's clock runs this many parts per million faster than this rank's, in the model (0 with fewer than two measurements). */
    public double driftPpm() {
        return slope * 1e6;
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
