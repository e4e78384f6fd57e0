package org.qmpi4j.tools.profiler;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.qmpi4j.report.profile.CallStats;
import org.qmpi4j.report.profile.SizeHistogram;

/**
 * Running totals for one call site and function: calls, time, shortest and longest call, bytes
 * and (for functions that move data) message sizes in power-of-two buckets. Created once per site,
 * updated in place: recording a call allocates nothing.
 *
 * <p>Why no lock on the usual path: on JDK 17 an uncontended {@code synchronized} is still two
 * atomic instructions, and in C2's code for the whole chain every lock site adds its fast and slow
 * path, which lengthens the compilation that competes with the application for the cores while it
 * warms up. So the first thread that records here becomes the owner and updates its own cells with
 * plain writes, a release fence before it stores the call count; every other thread (an
 * {@code MPI_THREAD_MULTIPLE} program) adds to a second set of cells under a lock. A snapshot,
 * taken by any thread, reads the owner's count with acquire semantics and then its other fields,
 * so it contains at least every call counted; while the owner is recording, the time and bytes may
 * already include the call being counted (one call at most, never a torn value: longs are written
 * whole on the 64-bit JVMs this runs on).
 */
final class Accumulator {
    private static final VarHandle OWNER;
    private static final VarHandle CALLS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            OWNER = l.findVarHandle(Accumulator.class, "owner", Thread.class);
            CALLS = l.findVarHandle(Cells.class, "calls", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** One writer's totals. */
    private static final class Cells {
        long calls;
        long timeNs;
        long minNs = Long.MAX_VALUE;
        long maxNs;
        long bytes;
        final long[] histogram;

        Cells(boolean sizes) {
            histogram = sizes ? new long[SizeHistogram.BUCKETS] : null;
        }

        /** Only ever called by this cells' single writer (the owner, or a thread holding the lock). */
        void add(long durationNs, long messageBytes) {
            timeNs += durationNs;
            if (durationNs < minNs) {
                minNs = durationNs;
            }
            if (durationNs > maxNs) {
                maxNs = durationNs;
            }
            bytes += messageBytes;
            if (histogram != null) {
                histogram[SizeHistogram.bucketOf(messageBytes)]++;
            }
            // Publishes the writes above to a reader that reads the count with acquire semantics.
            // A fence and a plain store rather than CALLS.setRelease: the same instructions, but
            // far less code for C2 to inline into the chain (VarHandle's guard methods).
            VarHandle.releaseFence();
            calls++;
        }

        long calls() {
            return (long) CALLS.getAcquire(this);
        }

        CallStats snapshot() {
            long c = calls();
            return new CallStats(c, timeNs, minNs, maxNs, bytes, histogram);
        }
    }

    /** The thread that writes {@link #mine} without a lock; set once, by compare-and-set. */
    @SuppressWarnings("unused") // accessed through OWNER
    private Thread owner;
    private final Cells mine;
    /** Every other thread's calls; created on first use, guarded by {@code this}. */
    private Cells others;

    Accumulator(boolean sizes) {
        this.mine = new Cells(sizes);
    }

    /** Adds one call; any thread. */
    void add(long durationNs, long messageBytes) {
        Thread t = Thread.currentThread();
        // A plain read suffices: a thread sees its own compare-and-set, and a stale value (null or
        // another thread) only sends this call down the locked path.
        Thread o = owner;
        if (o == t || (o == null && OWNER.compareAndSet(this, null, t))) {
            mine.add(durationNs, messageBytes);
        } else {
            addShared(durationNs, messageBytes);
        }
    }

    private synchronized void addShared(long durationNs, long messageBytes) {
        if (others == null) {
            others = new Cells(mine.histogram != null);
        }
        others.add(durationNs, messageBytes);
    }

    long calls() {
        long c = mine.calls();
        synchronized (this) {
            return others == null ? c : c + others.calls;
        }
    }

    CallStats snapshot() {
        CallStats s = mine.snapshot();
        synchronized (this) {
            return others == null ? s : s.merge(others.snapshot());
        }
    }
}
