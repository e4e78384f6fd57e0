package org.qmpi4j.mpit;

import org.qmpi4j.api.mpit.PvarCell;

/**
 * State, level, size, percentage and generic variables: while running, the resource's value now;
 * while stopped, the value when it was stopped (or allocated, if never started). These classes
 * are read-only, so writes and resets never get here.
 */
final class CurrentValueHandle extends PerformanceHandle {
    private final long[] frozen;

    CurrentValueHandle(SessionImpl session, PerformanceVariable v, PvarCell cell, int count) {
        super(session, v, cell, count);
        this.frozen = new long[count];
    }

    @Override
    void onAllocate() {
        cell.sample(frozen);
    }

    @Override
    void onStart(boolean first) {}

    @Override
    void onStop() {
        cell.sample(frozen);
    }

    @Override
    void current(long[] out) {
        if (running()) {
            cell.sample(out);
        } else {
            System.arraycopy(frozen, 0, out, 0, count);
        }
    }

    @Override
    void onWrite(long[] raw) {
        throw new IllegalStateException("current-value variables are read-only");
    }

    @Override
    void onReset() {
        throw new IllegalStateException("current-value variables are read-only");
    }
}
