package org.qmpi4j.agent.internal.telemetry;

import java.util.concurrent.atomic.AtomicLongArray;
import org.qmpi4j.api.MpiFunction;

/** Running totals per MPI function: calls, nanoseconds inside the call, bytes. */
final class FunctionStats {
    private static final int N = MpiFunction.values().length;

    private final AtomicLongArray calls = new AtomicLongArray(N);
    private final AtomicLongArray nanos = new AtomicLongArray(N);
    private final AtomicLongArray bytes = new AtomicLongArray(N);

    void record(MpiFunction f, long elapsedNanos, long byteCount) {
        int i = f.ordinal();
        calls.incrementAndGet(i);
        nanos.addAndGet(i, elapsedNanos);
        if (byteCount > 0) {
            bytes.addAndGet(i, byteCount);
        }
    }

    long calls(MpiFunction f) {
        return calls.get(f.ordinal());
    }

    long nanos(MpiFunction f) {
        return nanos.get(f.ordinal());
    }

    long bytes(MpiFunction f) {
        return bytes.get(f.ordinal());
    }
}
