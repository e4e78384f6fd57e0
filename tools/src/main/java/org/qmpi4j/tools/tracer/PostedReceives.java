package org.qmpi4j.tools.tracer;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.tools.mpi.Completions;

/**
 * The receives a rank posted with {@code MPI_IRECV} and has not yet seen completed, by request
 * object (identity: a binding's request may define equals), each with the message it will receive
 * (source, tag, sequence number). The call that completes one gets the message back
 * ({@link #complete}) and the trace shows the arrow ending there. At most {@link #MAX} are held;
 * a receive posted beyond that, or freed without a wait, keeps its arrow end at the posting call.
 *
 * <p>Thread safe. {@link #waiting()} is read without the lock so that calls find out cheaply
 * that nothing is pending.
 */
final class PostedReceives {
    static final int MAX = 1 << 16;

    private final Map<Object, long[]> pending = new IdentityHashMap<>();
    private volatile boolean waiting;

    /** A receive of message ({@code source}, {@code tag}, {@code seq}) posted as {@code request}. */
    synchronized void post(Object request, long source, long tag, long seq) {
        if (request != null && pending.size() < MAX) {
            pending.put(request, new long[] {source, tag, seq});
            waiting = true;
        }
    }

    /** Whether any receive is pending (cheap; may be stale for a moment, as any unlocked read). */
    boolean waiting() {
        return waiting;
    }

    /** The messages of the pending receives {@code call} completed, three numbers each (possibly none). */
    long[] complete(MpiCall call) {
        List<Object> requests = new ArrayList<>(4);
        Completions.completed(call, requests);
        if (requests.isEmpty()) {
            return new long[0];
        }
        long[] out = new long[3 * requests.size()];
        int n = 0;
        synchronized (this) {
            for (Object r : requests) {
                long[] m = pending.remove(r);
                if (m != null) {
                    System.arraycopy(m, 0, out, 3 * n++, 3);
                }
            }
            waiting = !pending.isEmpty();
        }
        return n == requests.size() ? out : java.util.Arrays.copyOf(out, 3 * n);
    }

    /** {@code request} was freed: its completion will not be seen. */
    synchronized void forget(Object request) {
        if (request != null) {
            pending.remove(request);
            waiting = !pending.isEmpty();
        }
    }

    synchronized int size() {
        return pending.size();
    }
}
