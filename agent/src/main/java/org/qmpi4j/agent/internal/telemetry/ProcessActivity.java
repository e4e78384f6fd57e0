package org.qmpi4j.agent.internal.telemetry;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.api.MpiFunction;

/**
 * Whether the process is inside MPI and doing what: the state of the call entered last, and the
 * total time during which at least one thread was inside MPI (threads in MPI at the same time
 * count once, so the fraction of time in MPI never exceeds 1).
 */
final class ProcessActivity {
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong busyNanos = new AtomicLong();
    private volatile long busySince;
    private volatile MpiState state = MpiState.NOT_IN_MPI;

    void enter(MpiFunction f, long now) {
        if (inFlight.getAndIncrement() == 0) {
            busySince = now;
        }
        state = MpiState.of(f);
    }

    void exit(long now) {
        if (inFlight.decrementAndGet() == 0) {
            busyNanos.addAndGet(now - busySince);
            state = MpiState.NOT_IN_MPI;
        }
    }

    MpiState state() {
        return state;
    }

    /** Nanoseconds spent in MPI so far, including the call in progress. */
    long busyNanos(long now) {
        long done = busyNanos.get();
        return inFlight.get() > 0 ? done + Math.max(0, now - busySince) : done;
    }
}
