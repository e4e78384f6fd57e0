package org.qmpi4j.tools.tracer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.report.trace.TraceFormat;
import org.qmpi4j.tools.mpi.Completions;
import org.qmpi4j.tools.mpi.StatusFields;

/**
 * The receives on {@code COMM_WORLD} a rank posted with {@code MPI_IRECV} and has not yet seen
 * completed, by request object (identity: a binding's request may define equals), so that the
 * call that completes one gets its message back ({@link #complete}) and the trace shows the arrow
 * ending there. At most {@link #MAX} are held; a receive posted beyond that, or freed without a
 * wait, keeps its arrow end at the posting call.
 *
 * <p>A receive that names its source and tag knows its message when it is posted: the n-th
 * receive of an envelope takes the n-th message of that envelope (MPI's non-overtaking rule), so
 * its sequence number is counted then. A wildcard receive ({@code ANY_SOURCE} or {@code ANY_TAG})
 * learns its envelope only from the status of the call that completes it, and is counted then:
 * among the receives that take messages of one envelope, the one posted first takes the first
 * message, so the count is right unless a receive posted before it that could take the same
 * envelope is still pending, or a receive of an envelope a pending wildcard could take is posted
 * meanwhile. Then which message went where is not known and the matching {@link #lost() is lost}:
 * the trace draws no more arrow ends for this rank rather than wrong ones.
 *
 * <p>Thread safe. {@link #waiting()} is read without the lock so that calls find out cheaply
 * that nothing is pending.
 */
final class PostedReceives {
    static final int MAX = 1 << 16;
    /** A wildcard's source or tag in {@link #postWildcard}: any. */
    static final long ANY = -1;

    /** Sequence numbers of received messages by envelope, shared with the blocking receives. */
    private final LongCounters received;
    /** Per request: {source, tag, seq, posting ordinal, 1 if a wildcard}. */
    private final Map<Object, long[]> pending = new IdentityHashMap<>();

    private long posted;
    private int wildcards;
    private volatile boolean waiting;
    private volatile boolean lost;

    PostedReceives(LongCounters received) {
        this.received = received;
    }

    /** A receive of message ({@code source}, {@code tag}, {@code seq}) posted as {@code request}. */
    synchronized void post(Object request, long source, long tag, long seq) {
        if (request != null && pending.size() < MAX) {
            pending.put(request, new long[] {source, tag, seq, posted++, 0});
            waiting = true;
        }
    }

    /**
     * A wildcard receive posted as {@code request}: {@code source} and {@code tag} as the call gave
     * them, {@link #ANY} for a wildcard.
     */
    synchronized void postWildcard(Object request, long source, long tag) {
        if (request == null) {
            return;
        }
        if (pending.size() >= MAX) {
            lost = true; // its completion could not be counted, and later receives not either
            return;
        }
        pending.put(
                request, new long[] {source < 0 ? ANY : source, tag < 0 ? ANY : tag, TraceFormat.NONE, posted++, 1});
        wildcards++;
        waiting = true;
    }

    /**
     * The sequence number of a message of envelope ({@code source}, {@code tag}) received now by a
     * receive that names it, or {@link TraceFormat#NONE} once the matching is lost (a pending
     * wildcard could take the same envelope).
     */
    synchronized long receiveNamed(long source, long tag) {
        if (wildcards > 0 && anyPendingWildcardTakes(source, tag, Long.MAX_VALUE)) {
            lost = true;
        }
        return lost ? TraceFormat.NONE : received.next(LongCounters.envelope((int) source, (int) tag));
    }

    /**
     * The sequence number of the message a blocking wildcard receive took, from its {@code status};
     * {@link TraceFormat#NONE} if the status does not tell or the matching is lost. The envelope is
     * put in {@code envelope} (source, tag).
     */
    synchronized long receiveWildcard(Object status, long[] envelope) {
        int source = StatusFields.source(status);
        int tag = StatusFields.tag(status);
        if (source < 0 || tag < 0 || (wildcards > 0 && anyPendingWildcardTakes(source, tag, Long.MAX_VALUE))) {
            lost = true;
        }
        if (lost) {
            return TraceFormat.NONE;
        }
        envelope[0] = source;
        envelope[1] = tag;
        return received.next(LongCounters.envelope(source, tag));
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
    synchronized boolean isWildcard(Object request) {
        long[] m = request == null ? null : pending.get(request);
        return m != null && m[4] == 1;
    }

    /**
     * The messages of the pending receives {@code call} completed, three numbers each (source, tag,
     * sequence number; possibly none), in the order the receives were posted.
     */
    long[] complete(MpiCall call) {
        List<Object> requests = new ArrayList<>(4);
        List<Object> statuses = new ArrayList<>(4);
        Completions.completed(call, requests, statuses);
        if (requests.isEmpty()) {
            return new long[0];
        }
        synchronized (this) {
            List<long[]> done = new ArrayList<>(requests.size());
            for (int i = 0; i < requests.size(); i++) {
                long[] m = pending.remove(requests.get(i));
                if (m != null) {
                    done.add(m);
                    if (m[4] == 1) {
                        wildcards--;
                        m[2] = TraceFormat.NONE;
                        resolveFrom(m, statuses.get(i));
                    }
                }
            }
            waiting = !pending.isEmpty();
            done.sort(BY_POSTING);
            long[] out = new long[3 * done.size()];
            int n = 0;
            for (long[] m : done) {
                if (m[4] == 1) {
                    m[2] = countWildcard(m);
                }
                if (m[2] != TraceFormat.NONE) {
                    System.arraycopy(m, 0, out, 3 * n++, 3);
                }
            }
            return n == done.size() ? out : Arrays.copyOf(out, 3 * n);
        }
    }

    /** Puts the envelope {@code status} tells into {@code m}; marks it unknown if it tells none. */
    private static void resolveFrom(long[] m, Object status) {
        int source = StatusFields.source(status);
        int tag = StatusFields.tag(status);
        if (source < 0 || tag < 0) {
            m[0] = ANY;
        } else {
            m[0] = source;
            m[1] = tag;
        }
    }

    private long countWildcard(long[] m) {
        if (m[0] == ANY || anyPendingWildcardTakes(m[0], m[1], m[3])) {
            lost = true;
        }
        return lost ? TraceFormat.NONE : received.next(LongCounters.envelope((int) m[0], (int) m[1]));
    }

    /** Whether a wildcard posted before {@code before} and still pending could take ({@code source}, {@code tag}). */
    private boolean anyPendingWildcardTakes(long source, long tag, long before) {
        for (long[] w : pending.values()) {
            if (w[4] == 1 && w[3] < before && (w[0] == ANY || w[0] == source) && (w[1] == ANY || w[1] == tag)) {
                return true;
            }
        }
        return false;
    }

    private static final java.util.Comparator<long[]> BY_POSTING = new java.util.Comparator<long[]>() {
        @Override
        public int compare(long[] a, long[] b) {
            return Long.compare(a[3], b[3]);
        }
    };

    /** {@code request} was freed: its completion will not be seen. */
    synchronized void forget(Object request) {
        if (request != null) {
            long[] m = pending.remove(request);
            if (m != null && m[4] == 1) {
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
