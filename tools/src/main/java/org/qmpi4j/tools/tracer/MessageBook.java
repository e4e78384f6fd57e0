package org.qmpi4j.tools.tracer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.tools.mpi.Completions;
import org.qmpi4j.tools.mpi.PeerTranslator;
import org.qmpi4j.tools.mpi.StatusCompletions;

/**
 * The tracer's communicator and message bookkeeping for one run, made at {@code MPI_Init}: the
 * communicators met ({@link Communicators}), the requests named ({@link RequestIds}), the receives
 * posted and not yet completed ({@link PostedReceives}), ranks translated to {@code COMM_WORLD}'s;
 * and from these, what a completion call completed, as the trace line names it.
 */
final class MessageBook {
    private static final long[] NO_COMPLETIONS = new long[0];
    /** Binding constants read on first use ({@link #UNREAD} until then). */
    private static final int UNREAD = Integer.MIN_VALUE;

    final PeerTranslator peers;
    final Communicators comms;
    final PostedReceives posted;
    final RequestIds requests = new RequestIds();

    private final int toolId;
    /** Per thread, the one completion a wait or test of one request names (reused: no allocation per call). */
    private final ThreadLocal<long[]> scratch = new Scratch();

    private volatile int undefined = UNREAD;
    private volatile int procNull = UNREAD;

    MessageBook(int toolId, PeerTranslator peers, Object world) {
        this.toolId = toolId;
        this.peers = peers;
        this.comms = new Communicators(peers, world);
        this.posted = new PostedReceives(comms);
    }

    /** One completion's numbers, per thread. */
    private static final class Scratch extends ThreadLocal<long[]> {
        @Override
        protected long[] initialValue() {
            return new long[TraceFileWriter.COMPLETION_FIELDS];
        }
    }

    /**
     * {@code call} through the method that returns statuses, when it would complete a pending
     * wildcard receive with a method that returns none (Open MPI's {@code waitFor()},
     * {@code waitAll}, ...): the status is the only place that says what the receive took. Else, or
     * if the binding offers no such method, {@code null}: the call runs as written.
     */
    @Nullable
    MpiCall withStatuses(MpiCall call) {
        if (!StatusCompletions.dropsStatuses(call) || !completesWildcard(call.request())) {
            return null;
        }
        try {
            return StatusCompletions.withStatuses(call);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private boolean completesWildcard(@Nullable Object request) {
        if (request instanceof Object[]) {
            for (Object r : (Object[]) request) {
                if (posted.isWildcard(r)) {
                    return true;
                }
            }
            return false;
        }
        return posted.isWildcard(request);
    }

    /** The binding's {@code MPI.UNDEFINED}, the index an any-completion gives when nothing completed. */
    int undefined() {
        int u = undefined;
        if (u == UNREAD) {
            u = intConstant("UNDEFINED");
            undefined = u;
        }
        return u;
    }

    /** The binding's {@code MPI.PROC_NULL}: a receive from it takes no message. */
    int procNull() {
        int p = procNull;
        if (p == UNREAD) {
            p = intConstant("PROC_NULL");
            procNull = p;
        }
        return p;
    }

    private int intConstant(String name) {
        try {
            Object c = Qmpi.bindingConstant(toolId, name);
            return c instanceof Integer ? (Integer) c : UNREAD - 1;
        } catch (RuntimeException e) {
            return UNREAD - 1; // a binding without it: no rank or index equals this
        }
    }

    /** Whether a completion call may name anything: a receive is posted or a request has an id. */
    boolean tracksRequests() {
        return posted.waiting() || requests.any();
    }

    /**
     * The per-thread array a wait or test of one request fills ({@link #completeOne}): reused, so
     * the common case allocates nothing.
     */
    long[] scratch() {
        return scratch.get();
    }

    /** No completion: what a call that completed nothing names. */
    static long[] none() {
        return NO_COMPLETIONS;
    }

    /**
     * What a wait or test of one request completed, into {@code out} as {@link #completions} puts
     * it, without allocating (the common case: a wait per nonblocking call); whether it names
     * anything.
     */
    boolean completeOne(MpiFunction f, @Nullable Object request, @Nullable Object result, long[] out) {
        if (f == MpiFunction.MPI_TEST && !(result instanceof Boolean ? (Boolean) result : result != null)) {
            return false; // nothing completed
        }
        Object status = result instanceof Boolean || result instanceof Integer ? null : result;
        long id = requests.completed(request);
        boolean message = posted.completeOne(request, status, out, 1); // comm, source, tag, seq
        if (message) {
            int world = peers.toWorld(comms.communicator(out[1]), (int) out[2]);
            out[2] = world >= 0 ? world : TraceFormat.NONE;
            message = world >= 0;
        }
        if (!message) {
            out[2] = TraceFormat.NONE;
            out[3] = TraceFormat.NONE;
            out[4] = TraceFormat.NONE;
        }
        out[0] = id;
        return id != TraceFormat.NONE || message;
    }

    /**
     * What a completion call completed, {@link TraceFileWriter#COMPLETION_FIELDS} numbers per
     * request that has an id or names a message: request id, and for a receive its communicator id
     * and the message (source as a {@code COMM_WORLD} rank, tag, sequence number).
     */
    long[] completions(MpiCall call) {
        List<Object> done = new ArrayList<>(4);
        List<Object> statuses = new ArrayList<>(4);
        Completions.completed(call, done, statuses);
        long[] messages = posted.complete(done, statuses);
        long[] out = new long[TraceFileWriter.COMPLETION_FIELDS * done.size()];
        int n = 0;
        for (int i = 0; i < done.size(); i++) {
            long id = requests.completed(done.get(i));
            int m = PostedReceives.FIELDS * i;
            long source = TraceFormat.NONE;
            if (messages[m + 3] != TraceFormat.NONE) {
                int world = peers.toWorld(comms.communicator(messages[m]), (int) messages[m + 1]);
                source = world >= 0 ? world : TraceFormat.NONE;
            }
            if (id == TraceFormat.NONE && source == TraceFormat.NONE) {
                continue; // neither an id nor a message to name
            }
            int o = TraceFileWriter.COMPLETION_FIELDS * n++;
            out[o] = id;
            out[o + 1] = messages[m];
            out[o + 2] = source;
            out[o + 3] = source == TraceFormat.NONE ? TraceFormat.NONE : messages[m + 2];
            out[o + 4] = source == TraceFormat.NONE ? TraceFormat.NONE : messages[m + 3];
        }
        return n == done.size() ? out : Arrays.copyOf(out, TraceFileWriter.COMPLETION_FIELDS * n);
    }
}
