package org.qmpi4j.mpit;

import java.util.concurrent.atomic.AtomicLongArray;
import org.qmpi4j.api.mpit.PvarCell;
import org.qmpi4j.api.mpit.PvarClass;

/**
 * High and low watermarks: the extreme level seen while started, beginning at the level when the
 * handle is first started or reset (Section 14.3.7). While running the handle listens to every
 * level change of its cell; the update is a lock-free compare-and-set, because it happens on the
 * MPI call path of whichever thread changed the level.
 */
final class WatermarkHandle extends PerformanceHandle {
    private final boolean high;
    private final AtomicLongArray mark;
    private final PvarCell.LevelListener listener;

    WatermarkHandle(SessionImpl session, PerformanceVariable v, PvarCell cell, int count) {
        super(session, v, cell, count);
        this.high = v.varClass() == PvarClass.HIGHWATERMARK;
        this.mark = new AtomicLongArray(count);
        this.listener = this::observe;
    }

    private void observe(int element, long level) {
        if (element < 0 || element >= count) {
            return;
        }
        long seen;
        do {
            seen = mark.get(element);
            if (high ? level <= seen : level >= seen) {
                return;
            }
        } while (!mark.compareAndSet(element, seen, level));
    }

    @Override
    void onAllocate() {
        if (running()) {
            cell.watch(listener);
        }
        setToCurrentLevel();
    }

    @Override
    void onStart(boolean first) {
        cell.watch(listener); // before sampling, so no change between the two is missed
        if (first) {
            setToCurrentLevel();
        } else {
            cell.sample(sample);
            for (int i = 0; i < count; i++) {
                observe(i, sample[i]);
            }
        }
    }

    private void setToCurrentLevel() {
        cell.sample(sample);
        for (int i = 0; i < count; i++) {
            mark.set(i, sample[i]);
        }
    }

    @Override
    void onStop() {
        cell.unwatch(listener);
    }

    @Override
    void current(long[] out) {
        for (int i = 0; i < count; i++) {
            out[i] = mark.get(i);
        }
    }

    @Override
    void onWrite(long[] raw) {
        for (int i = 0; i < count; i++) {
            mark.set(i, raw[i]);
        }
    }

    /**
     * Swaps each mark for the level just sampled: a change seen before the swap is in the value
     * read, one after it lands in the new watermark. The second sample takes in a level reached
     * between the first sample and the swap, which must count in the new watermark too.
     */
    @Override
    void currentAndReset(long[] out) {
        cell.sample(sample);
        for (int i = 0; i < count; i++) {
            out[i] = mark.getAndSet(i, sample[i]);
        }
        cell.sample(sample);
        for (int i = 0; i < count; i++) {
            observe(i, sample[i]);
        }
    }

    @Override
    void onReset() {
        setToCurrentLevel();
    }
}
