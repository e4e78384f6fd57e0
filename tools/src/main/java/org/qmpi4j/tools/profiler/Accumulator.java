package org.qmpi4j.tools.profiler;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.SizeHistogram;

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
 * so it contains every call counted, with its time and bytes. It is not atomic: the owner goes on
 * recording while the snapshot is read, so time, bytes and sizes may already include calls made
 * after the count was read (never a torn value: longs are written whole on the 64-bit JVMs this
 * runs on). A retry until two reads of the count agree would make it exact, but could spin for as
 * long as the owner calls MPI in a tight loop; periodic files can live with a few calls' skew, and
 * the final profile is taken at {@code MPI_Finalize}, after which MPI allows no other thread's call,
 * so it is exact.
 */
final class Accumulator extends FirstWriterOwned {
    private static final VarHandle CALLS;

    static {
        try {
            CALLS = MethodHandles.lookup().findVarHandle(Cells.class, "calls", long.class);
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
        final @Nullable long[] histogram;

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

    /** The owner's cells, written without a lock (see {@link FirstWriterOwned}). */
    private final Cells mine;
    /** Every other thread's calls; created on first use, guarded by {@code this}. */
    private @Nullable Cells others;

    Accumulator(boolean sizes) {
        this.mine = new Cells(sizes);
    }

    /** Adds one call; any thread. */
    void add(long durationNs, long messageBytes) {
        if (callerOwns()) {
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
