package org.qmpi4j.tools.check;

import java.util.concurrent.atomic.AtomicInteger;
import org.qmpi4j.api.MpiCall;

/**
 * What this rank is doing in MPI, for the deadlock watch: how many of its threads are inside an
 * MPI call, the call last entered, and a count of completed calls (progress). Written by the
 * application's threads on every call (one atomic increment, two volatile writes), read by the
 * watch's thread once per interval.
 */
final class Activity {
    private final AtomicInteger inside = new AtomicInteger();
    private volatile MpiCall current;
    private volatile long progress;

    void enter(MpiCall call) {
        inside.incrementAndGet();
        current = call;
    }

    void exit() {
        progress++; // not atomic: a lost increment between threads still changes the value the watch sees
        inside.decrementAndGet();
    }

    /** Whether some thread of this rank is inside an MPI call now. */
    boolean inside() {
        return inside.get() > 0;
    }

    /** The call last entered (it may have returned since; see {@link #inside()}). */
    MpiCall current() {
        return current;
    }

    long progress() {
        return progress;
    }
}
