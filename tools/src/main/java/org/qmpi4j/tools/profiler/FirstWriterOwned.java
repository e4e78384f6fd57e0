package org.qmpi4j.tools.profiler;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.qmpi4j.api.Nullable;

/**
 * Totals that one thread, the first to record into them, updates without a lock; every other
 * thread takes a locked path of the subclass's own. Why: on JDK 17 an uncontended
 * {@code synchronized} is still two atomic instructions, and most MPI programs call MPI from one
 * thread, so the usual case should pay one reference comparison.
 */
abstract class FirstWriterOwned {
    private static final VarHandle OWNER;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(FirstWriterOwned.class, "owner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through OWNER
    private @Nullable Thread owner;

    /**
     * Whether the calling thread owns these totals, claiming them if nobody does yet. A plain read
     * suffices: a thread sees its own compare-and-set, and a stale value (null or another thread)
     * only sends the call down the locked path.
     */
    final boolean callerOwns() {
        Thread t = Thread.currentThread();
        Thread o = owner;
        return o == t || (o == null && OWNER.compareAndSet(this, null, t));
    }
}
