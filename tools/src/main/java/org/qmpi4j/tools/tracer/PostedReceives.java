package org.qmpi4j.tools.tracer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.tools.mpi.StatusFields;

/**
 * The receives a rank posted with {@code MPI_IRECV} and has not yet seen completed, on any
 * communicator, by request object (identity: a binding's request may define equals), so that the
 * call that completes one gets its message back ({@link #complete}) and the trace shows the arrow
 * ending there. At most {@link #MAX} are held; a receive posted beyond that, or freed without a
 * wait, keeps its arrow end at the posting call. Sequence numbers are counted per communicator
 * (by id, {@link Communicators}) and envelope (source rank in the communicator, tag).
 *
 * <p>A receive that names its source and tag knows its message when it is posted: the n-th
 * receive of an envelope takes the n-th message of that envelope (MPI's non-overtaking rule), so
 * its sequence number is counted then. A wildcard receive ({@code ANY_SOURCE} or {@code ANY_TAG})
 * learns its envelope only from the status of the call that completes it, and is counted then:
 * among the receives that take messages of one envelope, the one posted first takes the first
 * message, so the count is right unless a receive posted before it on the same communicator that
 * could take the same envelope is still pending, or a receive of an envelope a pending wildcard
 * could take is posted meanwhile. Then which message went where is not known and the matching
 * {@link #lost() is lost}: the trace draws no more arrow ends for this rank rather than wrong ones.
 *
 * <p>Thread safe. {@link #waiting()} is read without the lock so that calls find out cheaply
 * that nothing is pending.
 */
final class PostedReceives {
    static final int MAX = 1 << 16;
    /** A wildcard's source or tag in {@link #postWildcard}: any. */
    static final long ANY = -1;

    /** Numbers per completed request in {@link #complete}'s result: communicator id, source, tag, seq. */
    static final int FIELDS = 4;

    private static final int SOURCE = 0;
    private static final int TAG = 1;
    private static final int SEQ = 2;
    private static final int ORDINAL = 3;
    private static final int WILDCARD = 4;
    private static final int COMM = 5;

    /** Where the counts of received messages are kept, per communicator id ({@link Communicators}). */
    interface Counters {
        LongCounters received(long comm);
    }

    private final Counters comms;
    /** Per request: {source, tag, seq, posting ordinal, 1 if a wildcard, communicator id}. */
    private final Map<Object, long[]> pending = new IdentityHashMap<>();

    private long posted;
    private int wildcards;
    private volatile boolean waiting;
    private volatile boolean lost;

    PostedReceives(Counters comms) {
        this.comms = comms;
    }

    /** A receive of message ({@code source}, {@code tag}, {@code seq}) on communicator {@code comm} posted as {@code request}. */
    synchronized void post(@Nullable Object request, long comm, long source, long tag, long seq) {
        if (request != null && pending.size() < MAX) {
            pending.put(request, new long[] {source, tag, seq, posted++, 0, comm});
            waiting = true;
        }
    }

    /**
     * A wildcard receive on communicator {@code comm} posted as {@code request}: {@code source} and
     * {@code tag} as the call gave them, {@link #ANY} for a wildcard.
     */
    synchronized void postWildcard(@Nullable Object request, long comm, long source, long tag) {
        if (request == null) {
            return;
        }
        if (pending.size() >= MAX) {
            lost = true; // its completion could not be counted, and later receives not either
            return;
        }
        pending.put(
                request,
                new long[] {source < 0 ? ANY : source, tag < 0 ? ANY : tag, TraceFormat.NONE, posted++, 1, comm});
        wildcards++;
        waiting = true;
    }

    /**
     * The sequence number of a message of envelope ({@code source}, {@code tag}) on communicator
     * {@code comm} received now by a receive that names it, or {@link TraceFormat#NONE} once the
     * matching is lost (a pending wildcard could take the same envelope).
     */
    synchronized long receiveNamed(long comm, long source, long tag) {
        if (wildcards > 0 && anyPendingWildcardTakes(comm, source, tag, Long.MAX_VALUE)) {
            lost = true;
        }
        return lost ? TraceFormat.NONE : comms.received(comm).next(LongCounters.envelope((int) source, (int) tag));
    }

    /**
     * The sequence number of the message a blocking wildcard receive on communicator {@code comm}
     * took, from its {@code status}; {@link TraceFormat#NONE} if the status does not tell or the
     * matching is lost. The envelope is put in {@code envelope} (source, tag).
     */
    synchronized long receiveWildcard(long comm, @Nullable Object status, long[] envelope) {
        int source = StatusFields.source(status);
        int tag = StatusFields.tag(status);
        if (source < 0 || tag < 0 || (wildcards > 0 && anyPendingWildcardTakes(comm, source, tag, Long.MAX_VALUE))) {
            lost = true;
        }
        if (lost) {
            return TraceFormat.NONE;
        }
        envelope[0] = source;
        envelope[1] = tag;
        return comms.received(comm).next(LongCounters.envelope(source, tag));
    }

    /** Whether any receive is pending (cheap; may be stale for a moment, as any unlocked read). */
    boolean waiting() {
        return waiting;
    }

    /** Whether a wildcard receive is pending (cheap, as {@link #waiting()}). */
    boolean wildcardWaiting() {
        return waiting && wildcards > 0;
    }

    /** Whether which message a receive took is no longer known for this rank. */
    boolean lost() {
        return lost;
    }

    /** Whether {@code request} is a pending wildcard receive. */
    synchronized boolean isWildcard(@Nullable Object request) {
        long[] m = request == null ? null : pending.get(request);
        return m != null && m[WILDCARD] == 1;
    }

    /**
     * The messages of the pending receives among {@code requests} (completed by one call, with the
     * statuses it returned, {@code null} where none), {@link #FIELDS} numbers per request in the
     * order given: communicator id, source (its rank in the communicator), tag and sequence number,
     * all {@link TraceFormat#NONE} for a request that is not a pending receive or whose message is
     * not known. Wildcard receives are counted in the order they were posted.
     */
    long[] complete(List<Object> requests, List<Object> statuses) {
        long[] out = new long[FIELDS * requests.size()];
        Arrays.fill(out, TraceFormat.NONE);
        if (requests.isEmpty() || !waiting) {
            return out;
        }
        synchronized (this) {
            List<long[]> done = new ArrayList<>(requests.size());
            List<Integer> at = new ArrayList<>(requests.size());
            for (int i = 0; i < requests.size(); i++) {
                long[] m = pending.remove(requests.get(i));
                if (m != null) {
                    done.add(m);
                    at.add(i);
                    if (m[WILDCARD] == 1) {
                        wildcards--;
                        m[SEQ] = TraceFormat.NONE;
                        resolveFrom(m, statuses.get(i));
                    }
                }
            }
            waiting = !pending.isEmpty();
            // By posting order (an insertion sort: a call completes few receives).
            int[] order = new int[done.size()];
            for (int k = 0; k < order.length; k++) {
                int j = k;
                while (j > 0 && done.get(order[j - 1])[ORDINAL] > done.get(k)[ORDINAL]) {
                    order[j] = order[j - 1];
                    j--;
                }
                order[j] = k;
            }
            for (int k : order) {
                long[] m = done.get(k);
                if (m[WILDCARD] == 1) {
                    m[SEQ] = countWildcard(m);
                }
                if (m[SEQ] != TraceFormat.NONE) {
                    int o = FIELDS * at.get(k);
                    out[o] = m[COMM];
                    out[o + 1] = m[SOURCE];
                    out[o + 2] = m[TAG];
                    out[o + 3] = m[SEQ];
                }
            }
            return out;
        }
    }

    /**
     * As {@link #complete} for one request completed alone (a wait or test of one request), without
     * allocating: writes its communicator id, source, tag and sequence number to
     * {@code out[at..at+3]} (all {@link TraceFormat#NONE} if it is not a pending receive or its
     * message is not known); returns whether the message is known.
     */
    boolean completeOne(@Nullable Object request, @Nullable Object status, long[] out, int at) {
        out[at] = TraceFormat.NONE;
        out[at + 1] = TraceFormat.NONE;
        out[at + 2] = TraceFormat.NONE;
        out[at + 3] = TraceFormat.NONE;
        if (!waiting) {
            return false;
        }
        synchronized (this) {
            long[] m = pending.remove(request);
            waiting = !pending.isEmpty();
            if (m == null) {
                return false;
            }
            if (m[WILDCARD] == 1) {
                wildcards--;
                resolveFrom(m, status);
                m[SEQ] = countWildcard(m);
            }
            if (m[SEQ] == TraceFormat.NONE) {
                return false;
            }
            out[at] = m[COMM];
            out[at + 1] = m[SOURCE];
            out[at + 2] = m[TAG];
            out[at + 3] = m[SEQ];
            return true;
        }
    }

    /** Puts the envelope {@code status} tells into {@code m}; marks it unknown if it tells none. */
    private static void resolveFrom(long[] m, @Nullable Object status) {
        int source = StatusFields.source(status);
        int tag = StatusFields.tag(status);
        if (source < 0 || tag < 0) {
            m[SOURCE] = ANY;
        } else {
            m[SOURCE] = source;
            m[TAG] = tag;
        }
    }

    private long countWildcard(long[] m) {
        if (m[SOURCE] == ANY || anyPendingWildcardTakes(m[COMM], m[SOURCE], m[TAG], m[ORDINAL])) {
            lost = true;
        }
        return lost
                ? TraceFormat.NONE
                : comms.received(m[COMM]).next(LongCounters.envelope((int) m[SOURCE], (int) m[TAG]));
    }

    /**
     * Whether a wildcard on communicator {@code comm} posted before {@code before} and still pending
     * could take ({@code source}, {@code tag}).
     */
    private boolean anyPendingWildcardTakes(long comm, long source, long tag, long before) {
        for (long[] w : pending.values()) {
            if (w[WILDCARD] == 1
                    && w[COMM] == comm
                    && w[ORDINAL] < before
                    && (w[SOURCE] == ANY || w[SOURCE] == source)
                    && (w[TAG] == ANY || w[TAG] == tag)) {
                return true;
            }
        }
        return false;
    }

    /** {@code request} was freed: its completion will not be seen. */
    synchronized void forget(@Nullable Object request) {
        if (request != null) {
            long[] m = pending.remove(request);
            if (m != null && m[WILDCARD] == 1) {
                wildcards--;
                lost = true; // what it took is never known, and it may have taken what later receives count
            }
            waiting = !pending.isEmpty();
        }
    }

    synchronized int size() {
        return pending.size();
    }
}
