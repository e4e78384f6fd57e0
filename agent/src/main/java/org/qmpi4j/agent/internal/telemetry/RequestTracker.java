package org.qmpi4j.agent.internal.telemetry;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.PvarSources;

/**
 * Non-blocking requests the application started and has not completed yet, and among them the
 * posted receives per communicator. A request counts from the call that returned it until a wait,
 * test or free leaves it null in the binding (the descriptor says how to tell). Only requests
 * started while tracking is on are known: tracking from MPI_Init (as a tool starting its handles
 * at initialisation does) gives exact levels.
 */
final class RequestTracker {
    private static final Object NOT_A_RECEIVE = new Object();

    /** Outstanding requests; reports changes for the watermark variables. */
    final PvarSources.Level outstanding = PvarSources.level();

    private final Map<Object, Object> tracked = Collections.synchronizedMap(new IdentityHashMap<>());
    private final Map<Object, AtomicLong> postedByComm = Collections.synchronizedMap(new IdentityHashMap<>());

    void started(@Nullable Object request, boolean receive, @Nullable Object comm) {
        if (request == null) {
            return;
        }
        Object key = receive && comm != null ? comm : NOT_A_RECEIVE;
        if (tracked.put(request, key) == null) {
            outstanding.add(1);
            if (key != NOT_A_RECEIVE) {
                postedByComm.computeIfAbsent(comm, c -> new AtomicLong()).incrementAndGet();
            }
        }
    }

    /**
     * After a completion call: each known request among {@code requests} (one request or an array)
     * that the binding now shows as null is done. If the binding cannot tell, a wait is taken as
     * completing its requests and a test as completing none.
     */
    void maybeCompleted(@Nullable Object requests, @Nullable MonitoredBinding binding, boolean waited) {
        if (requests instanceof Object[]) {
            for (Object r : (Object[]) requests) {
                maybeCompleted(r, binding, waited);
            }
            return;
        }
        if (requests == null || !tracked.containsKey(requests)) {
            return;
        }
        Boolean isNull = binding == null ? null : binding.requestIsNull(requests);
        if (isNull == null ? waited : isNull) {
            Object key = tracked.remove(requests);
            if (key != null) {
                outstanding.add(-1);
                if (key != NOT_A_RECEIVE) {
                    AtomicLong posted = postedByComm.get(key);
                    if (posted != null) {
                        posted.updateAndGet(v -> Math.max(0, v - 1));
                    }
                }
            }
        }
    }

    long postedReceives(@Nullable Object comm) {
        AtomicLong n = postedByComm.get(comm);
        return n == null ? 0 : n.get();
    }
}
