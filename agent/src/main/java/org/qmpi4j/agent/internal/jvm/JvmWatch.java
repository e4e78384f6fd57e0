package org.qmpi4j.agent.internal.jvm;

import java.util.function.LongFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.jvm.JvmActivity;

/**
 * The JVM's activity as one MPI process's variables read it: the thread that calls MPI (named
 * once, on it, when the process begins) and the latest reading, kept for a few milliseconds so
 * that a tool reading all the variables at once parses the counters once. Who raises events of
 * what the counters count can put its own reader in place ({@link #readThrough}), so that what
 * the variables show never runs ahead of those events.
 */
public final class JvmWatch {
    private static final long FRESH_NANOS = 5_000_000;

    private volatile long thread = JvmActivity.NO_THREAD;
    private @Nullable JvmActivity last;
    private long lastAt;

    /** The calling thread is the one that calls MPI (the descheduled time is its time). */
    public void callingThreadCallsMpi() {
        thread = JvmActivity.callingThread();
    }

    /** Takes the readings of {@link #activity()}: {@link JvmActivity#now} unless another is in place. */
    private volatile @Nullable LongFunction<JvmActivity> reader;

    /**
     * New readings come from {@code r} (given the thread that calls MPI) from now on, or again from
     * {@link JvmActivity#now} if {@code null}; a reading kept from before is not used again.
     */
    public void readThrough(@Nullable LongFunction<JvmActivity> r) {
        synchronized (this) {
            reader = r;
            last = null;
        }
    }

    /** What the JVM did so far; at most a few milliseconds old. */
    public JvmActivity activity() {
        long now = System.nanoTime();
        synchronized (this) {
            JvmActivity a = last;
            if (a != null && now - lastAt <= FRESH_NANOS) {
                return a;
            }
        }
        // Not under this object's lock: a reader may wait for another thread (one that may read too).
        LongFunction<JvmActivity> r = reader;
        JvmActivity a = r == null ? JvmActivity.now(thread) : r.apply(thread);
        synchronized (this) {
            last = a;
            lastAt = now;
        }
        return a;
    }

    /** What the JVM did so far, read now (for the pause events, which need each reading's own). */
    public JvmActivity fresh() {
        return JvmActivity.now(thread);
    }
}
