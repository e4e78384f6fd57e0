package org.qmpi4j.tools.tracer;

import java.io.IOException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.formats.profile.Units;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.tools.mpi.CallClock;
import org.qmpi4j.tools.mpi.Completions;
import org.qmpi4j.tools.mpi.MessageRoles;
import org.qmpi4j.tools.mpi.StatusCompletions;

/**
 * The tracer's per-call path: runs the rest of the chain and writes the call as one binary record of this
 * rank's shard ({@link TraceFileWriter#event}), its envelope, message sequence numbers, call site,
 * communicator, collective number, request ids and what it completed ({@link MessageBook}). Called
 * for every MPI call: it allocates nothing beyond what a call's completions need, and every fault
 * is caught and reported once, never stopping the application's call.
 */
final class CallRecorder {
    private static final int FUNCTIONS = MpiFunction.values().length;
    /** The calls that create a persistent request: its id lasts until it is freed. */
    private static final Set<MpiFunction> PERSISTENT = EnumSet.of(
            MpiFunction.MPI_SEND_INIT,
            MpiFunction.MPI_BSEND_INIT,
            MpiFunction.MPI_SSEND_INIT,
            MpiFunction.MPI_RSEND_INIT,
            MpiFunction.MPI_RECV_INIT);

    private final ToolFunction[] next;
    private final RankOutput output;
    private final PvarSampling pvars;
    private final boolean[] defined = new boolean[FUNCTIONS];
    private final CallSites sites = new CallSites();
    private final ReceiveBytes receiveBytes = new ReceiveBytes();

    private long[] threads = new long[8];
    private int threadCount;
    /**
     * The first thread that recorded: known without taking the lock that {@link #seen} needs for
     * the others. Written once under that lock; a stale read only takes the locked path.
     */
    private @Nullable Thread firstThread;

    /** Set at MPI_Init, before {@link #writer}; both {@code null} until then. */
    private volatile @Nullable MessageBook book;

    private volatile @Nullable TraceFileWriter writer;
    private volatile boolean closed;
    /** This rank's clock (skewed only under the test-only setting); maps the raw instants. */
    private volatile TracerClock clock = new TracerClock(0, 0);

    private volatile int rank;

    /** What the JVM did around each call ({@code null}: not known in this JVM, or not yet attached). */
    private volatile @Nullable JvmCounters jvm;

    /** The numbers of one JVM record, filled by {@link JvmCounters#exit} (under the writer's record order). */
    private final long[] jvmFields = new long[TraceFormat.JVM_FIELDS];

    CallRecorder(ToolFunction[] next, RankOutput output, PvarSampling pvars) {
        this.next = next;
        this.output = output;
        this.pvars = pvars;
    }

    /** The bookkeeping of this run, once {@code MPI_Init} returned. */
    void book(MessageBook b) {
        book = b;
    }

    /** From here on calls are written to {@code w}, timed by {@code c}. */
    void attach(TraceFileWriter w, TracerClock c, int rankInWorld) {
        clock = c;
        rank = rankInWorld;
        jvm = JvmCounters.open();
        writer = w;
    }

    /** No more calls are recorded (the shard is being closed, at MPI_Finalize). */
    void close() {
        closed = true;
    }

    boolean closed() {
        return closed;
    }

    /** The handler of every function without a life-cycle role. */
    @Nullable
    Object trace(QmpiContext context, MpiCall call) throws Exception {
        ToolFunction n = next[call.function().ordinal()];
        if (closed || writer == null) {
            return n.invoke(context, call);
        }
        MessageBook b = book; // set before writer: not null once writer is
        if (b == null) {
            return n.invoke(context, call);
        }
        long t0 = CallClock.entry(call);
        JvmCounters j = jvm;
        if (j != null) {
            j.enter(t0);
        }
        boolean returned = false;
        try {
            MpiCall withStatuses = b.posted.wildcardWaiting() ? b.withStatuses(call) : null;
            if (withStatuses != null) {
                Object statuses = n.invoke(context, withStatuses);
                returned = true;
                return StatusCompletions.asWritten(call, statuses, b.undefined());
            }
            Object result = n.invoke(context, call);
            returned = true;
            return result;
        } finally {
            record(call, t0, CallClock.exit(call), returned);
        }
    }

    /**
     * Reads what the record needs from {@code call} and hands the values to {@link #write}. Kept
     * small, and the only part that sees the call object: it is inlined into the call path, and
     * the call object, never passed on, stays a candidate for escape analysis. Only the calls that
     * need more of it (receive buffers, send-receives, completions of several requests) read it
     * further, on their own branches.
     *
     * @param returned whether the call returned (rather than threw): only then did a completion
     *     call complete its requests
     */
    void record(MpiCall call, long startNs, long endNs, boolean returned) {
        TraceFileWriter w = writer;
        MessageBook b = book; // set before writer
        if (w == null || b == null || closed) {
            return;
        }
        MpiFunction f = call.function();
        try {
            int p = MpiCall.ABSENT;
            int t = MpiCall.ABSENT;
            long bytes = TraceFormat.NONE;
            if (f.movesData() || f.kind() == MpiFunction.Kind.POINT_TO_POINT) {
                p = call.peer();
                t = call.tag();
                if (f.movesData()) {
                    bytes = call.bytes();
                }
            }
            long recvBytes = returned && ReceiveBytes.receives(f) ? receiveBytes.of(call) : TraceFormat.NONE;
            long level = TraceFormat.NONE;
            if (f == MpiFunction.MPI_PCONTROL && call.argumentCount() > 0 && call.argument(0) instanceof Integer) {
                level = (Integer) call.argument(0);
            }
            int src = p;
            int rtag = t;
            if (f == MpiFunction.MPI_SENDRECV || f == MpiFunction.MPI_SENDRECV_REPLACE) {
                src = MessageRoles.sendRecvSource(call);
                rtag = MessageRoles.sendRecvTag(call);
            }
            Object request = call.request();
            long[] several = null;
            if (returned
                    && Completions.COMPLETING.contains(f)
                    && !((f == MpiFunction.MPI_WAIT || f == MpiFunction.MPI_TEST)
                            && request != null
                            && !(request instanceof Object[]))
                    && b.tracksRequests()) {
                several = b.completions(call);
            }
            writeOutOfLine(
                    w,
                    b,
                    f,
                    startNs,
                    endNs,
                    returned,
                    call.callingAddress(),
                    call.communicator(),
                    p,
                    t,
                    bytes,
                    recvBytes,
                    level,
                    src,
                    rtag,
                    request,
                    call.result(),
                    several);
        } catch (IOException | RuntimeException e) {
            output.fault("recording " + f, e);
        }
    }

    /**
     * Writes one call from the values {@link #record} read. A method of its own, too big for C2 to
     * inline by its own rules, so that the compiled call path can leave it out of line and its
     * escape analysis need not take in the writer's graph. Its name ends in {@code OutOfLine}: the
     * agent's compiler directive, which forces the bundled tools' methods inline, leaves such
     * methods to C2's own rules.
     *
     * @param src the source of the call's receive half ({@code p} but for a send-receive)
     * @param rtag the tag of the call's receive half ({@code t} but for a send-receive)
     * @param several what a completion call of several requests completed ({@link
     *     MessageBook#completions}), {@code null} for any other call
     */
    private void writeOutOfLine(
            TraceFileWriter w,
            MessageBook b,
            MpiFunction f,
            long startNs,
            long endNs,
            boolean returned,
            CallingAddress address,
            @Nullable Object comm,
            int p,
            int t,
            long bytes,
            long recvBytes,
            long level,
            int src,
            int rtag,
            @Nullable Object request,
            @Nullable Object result,
            @Nullable long[] several)
            throws IOException {
        Communicators comms = b.comms;
        PostedReceives posted = b.posted;
        int ord = f.ordinal();
        if (!defined[ord]) {
            define(w, f);
        }
        Thread thread = Thread.currentThread();
        long tid = thread.getId();
        if (thread != firstThread && !seen(thread)) {
            w.defineThread(tid, thread.getName());
        }
        long peer = TraceFormat.NONE;
        long tag = TraceFormat.NONE;
        long send = TraceFormat.NONE;
        long recvPeer = TraceFormat.NONE;
        long recvTag = TraceFormat.NONE;
        long recv = TraceFormat.NONE;
        long root = TraceFormat.NONE;
        long collective = TraceFormat.NONE;
        long requestId = TraceFormat.NONE;
        long site = sites.id(address, w);
        // Described only after a call on it returned: one that failed may not have been given a
        // communicator at all; nor after it was freed (MPI_COMM_FREE is recorded after it ran).
        long commId = comm == null
                ? TraceFormat.NONE
                : comms.id(comm, returned && f != MpiFunction.MPI_COMM_FREE && f != MpiFunction.MPI_COMM_DISCONNECT, w);
        if (p != MpiCall.ABSENT) {
            peer = p >= 0 ? b.peers.toWorld(comm, p) : p;
        }
        if (t != MpiCall.ABSENT) {
            tag = t;
        }
        if (f.kind() == MpiFunction.Kind.COLLECTIVE && commId != TraceFormat.NONE) {
            collective = comms.nextCollective(commId);
            if (p >= 0) {
                root = peer; // a rooted collective's peer is its root
            }
        }
        if (commId != TraceFormat.NONE && f.sendsMessage() && p >= 0 && t >= 0 && peer >= 0) {
            send = comms.sent(commId).next(LongCounters.envelope(p, t));
        }
        if (returned && f.kind() != MpiFunction.Kind.COMPLETION && request != null) {
            requestId = b.requests.created(request, PERSISTENT.contains(f));
        }
        if (commId != TraceFormat.NONE
                && returned
                && (MessageRoles.RECEIVES.contains(f)
                        || f == MpiFunction.MPI_SENDRECV
                        || f == MpiFunction.MPI_SENDRECV_REPLACE)) {
            if (src >= 0 && rtag >= 0) {
                recv = posted.receiveNamed(commId, src, rtag);
                if (recv != TraceFormat.NONE) {
                    recvPeer = b.peers.toWorld(comm, src);
                    recvTag = rtag;
                    if (f == MpiFunction.MPI_IRECV) {
                        posted.post(request, commId, src, rtag, recv);
                    }
                }
            } else if (src != MpiCall.ABSENT && rtag != MpiCall.ABSENT && src != b.procNull()) {
                if (f == MpiFunction.MPI_IRECV) {
                    posted.postWildcard(request, commId, src, rtag);
                } else {
                    long[] envelope = new long[2];
                    recv = posted.receiveWildcard(commId, result, envelope);
                    if (recv != TraceFormat.NONE) {
                        recvPeer = b.peers.toWorld(comm, (int) envelope[0]);
                        recvTag = envelope[1];
                    }
                }
            }
            if (recvPeer < 0) {
                recv = TraceFormat.NONE; // a process outside COMM_WORLD: no arrow
                recvPeer = TraceFormat.NONE;
                recvTag = TraceFormat.NONE;
            }
        }
        long[] completed = MessageBook.none();
        int completedCount = 0;
        if (several != null) {
            completed = several;
            completedCount = several.length / TraceFileWriter.COMPLETION_FIELDS;
        } else if (returned && b.tracksRequests() && Completions.COMPLETING.contains(f)) {
            completed = b.scratch();
            completedCount = b.completeOne(f, request, result, completed) ? 1 : 0;
        } else if (f == MpiFunction.MPI_REQUEST_FREE && b.tracksRequests()) {
            posted.forget(request); // completes unseen: its arrow ends at the MPI_IRECV
            b.requests.forget(request);
        }
        if (returned && result != null && comms.isCommunicator(result)) {
            comms.created(result, w); // defined now, so that numbering follows creation
        } else if (f == MpiFunction.MPI_COMM_FREE || f == MpiFunction.MPI_COMM_DISCONNECT) {
            comms.forget(comm);
        }
        TracerClock c = clock;
        long start = c.local(startNs);
        JvmCounters j = jvm;
        long[] jvmNumbers = j != null && j.exit(startNs, endNs, jvmFields) ? jvmFields : null;
        if (!w.event(
                        ord,
                        tid,
                        start,
                        c.local(endNs) - start,
                        peer,
                        tag,
                        bytes,
                        send,
                        recvPeer,
                        recvTag,
                        recv,
                        site,
                        commId,
                        root,
                        collective,
                        requestId,
                        recvBytes,
                        level,
                        completed,
                        completedCount,
                        jvmNumbers)
                && w.limitReached()) {
            output.sayOnce(
                    "limit",
                    "rank " + rank + " reached the trace size limit of "
                            + Units.bytes(w.limitBytes()) + " after " + w.eventsWritten()
                            + " calls; later calls are not traced"
                            + " (raise " + TracerTool.LIMIT.systemProperty() + " / "
                            + TracerTool.LIMIT.environmentVariable() + ")");
        }
        pvars.afterCall(w, f, endNs, c);
    }

    private synchronized void define(TraceFileWriter w, MpiFunction f) throws IOException {
        if (!defined[f.ordinal()]) {
            w.defineFunction(f.ordinal(), f.name());
            defined[f.ordinal()] = true;
        }
    }

    /** Whether {@code thread} was seen before; records it if not. */
    private synchronized boolean seen(Thread thread) {
        long tid = thread.getId();
        if (firstThread == null) {
            firstThread = thread;
        }
        for (int i = 0; i < threadCount; i++) {
            if (threads[i] == tid) {
                return true;
            }
        }
        if (threadCount == threads.length) {
            threads = Arrays.copyOf(threads, threads.length * 2);
        }
        threads[threadCount++] = tid;
        return false;
    }
}
