package org.qmpi4j.mpit;

import org.qmpi4j.api.mpit.PvarCell;

/**
 * Counters, aggregates and timers: the value is what the handle had at its last stop (starting
 * at 0, or what was written) plus the source's growth since the handle was last started. The
 * source's running total is never changed, so handles in other sessions are untouched.
 */
final class AccumulatingHandle extends PerformanceHandle {
    private final long[] accumulated;
    private final long[] mark;

    AccumulatingHandle(SessionImpl session, PerformanceVariable v, PvarCell cell, int count) {
        super(session, v, cell, count);
        this.accumulated = new long[count];
        this.mark = new long[count];
    }

    @Override
    void onAllocate() {
        if (running()) {
            cell.sample(mark);
        }
    }

    @Override
    void onStart(boolean first) {
        cell.sample(mark);
    }

    @Override
    void onStop() {
        cell.sample(sample);
        for (int i = 0; i < count; i++) {
            accumulated[i] += sample[i] - mark[i];
        }
    }

    @Override
    void current(long[] out) {
        if (running()) {
            cell.sample(sample);
            for (int i = 0; i < count; i++) {
                out[i] = accumulated[i] + (sample[i] - mark[i]);
            }
        } else {
            System.arraycopy(accumulated, 0, out, 0, count);
        }
    }

    @Override
    void onWrite(long[] raw) {
        System.arraycopy(raw, 0, accumulated, 0, count);
        if (running()) {
            cell.sample(mark);
        }
    }

    /** One sample for both: the growth up to it is read, the growth after it counts from 0. */
    @Override
    void currentAndReset(long[] out) {
        if (running()) {
            cell.sample(sample);
            for (int i = 0; i < count; i++) {
                out[i] = accumulated[i] + (sample[i] - mark[i]);
                mark[i] = sample[i];
            }
        } else {
            System.arraycopy(accumulated, 0, out, 0, count);
        }
        java.util.Arrays.fill(accumulated, 0);
    }

    @Override
    void onReset() {
        java.util.Arrays.fill(accumulated, 0);
        if (running()) {
            cell.sample(mark);
        }
    }
}
