package org.qmpi4j.agent.internal.jvm;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.jvm.JvmActivity;

/**
 * The JVM's activity as one MPI process's variables read it: the thread that calls MPI (named
 * once, on it, when the process begins) and the latest reading, kept for a few milliseconds so
 * that a tool reading all the variables at once parses the counters once.
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

    /** What the JVM did so far; at most a few milliseconds old. */
    public synchronized JvmActivity activity() {
        long now = System.nanoTime();
        JvmActivity a = last;
        if (a == null || now - lastAt > FRESH_NANOS) {
            a = JvmActivity.now(thread);
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
