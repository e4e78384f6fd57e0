package org.qmpi4j.tools.tracer;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * The ids of a rank's requests (counted from 0 in creation order) while they are live, by request
 * object (identity: a binding's request may define equals), so that the call that completes one
 * names it. A persistent request keeps its id across its starts and completions until it is freed;
 * any other is forgotten when completed or freed. At most {@link #MAX} are held; a request created
 * beyond that still gets its id, but its completion does not name it.
 */
final class RequestIds {
    static final int MAX = 1 << 16;
    private static final long PERSISTENT = 1L << 62;

    private final IdentityTable live = new IdentityTable();
    private long next;
    private volatile boolean any;

    /** A new request {@code request} was created; its id. */
    synchronized long created(Object request, boolean persistent) {
        long id = next++;
        if (request != null && live.size() < MAX) {
            live.put(request, persistent ? id | PERSISTENT : id);
            any = true;
        }
        return id;
    }

    /** The id of {@code request}, completed now, or {@link TraceFormat#NONE}; forgotten unless persistent. */
    synchronized long completed(@Nullable Object request) {
        if (request == null) {
            return TraceFormat.NONE; // never recorded: the table holds no null key
        }
        long v = live.get(request);
        if (v == IdentityTable.MISSING) {
            return TraceFormat.NONE;
        }
        if ((v & PERSISTENT) == 0) {
            live.remove(request);
            any = live.size() > 0;
        }
        return v & ~PERSISTENT;
    }

    /** {@code request} was freed. */
    synchronized void forget(@Nullable Object request) {
        if (request != null) {
            live.remove(request);
            any = live.size() > 0;
        }
    }

    /** Whether any request is live (cheap; may be stale for a moment, as any unlocked read). */
    boolean any() {
        return any;
    }
}
