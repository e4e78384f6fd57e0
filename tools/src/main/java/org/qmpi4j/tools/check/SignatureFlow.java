package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.tools.mpi.Completions;
import org.qmpi4j.tools.mpi.MessageRoles;
import org.qmpi4j.tools.mpi.StatusFields;

/**
 * {@code type_mismatch} and {@code truncation} across the calls of one message's life: which
 * calls send a signature ({@link Signatures#send}), which post the receive of one, and when a
 * receive's signature is compared (before a blocking receive if it has arrived, at the completion
 * of a nonblocking one, from the status for a wildcard).
 *
 * <p>One class over the usual size because each kind of receive (blocking, nonblocking, persistent,
 * probed, wildcard) needs its own step at the same few points of a call, and they share the
 * per-thread records those steps hand on; split by kind, each part would need all of them.
 */
final class SignatureFlow implements PendingTable.Owner<Signatures.Expect> {
    private final Checker checker;
    private final Signatures sig;
    private final Communicators comms;
    private final int procNull;
    private final int anySource;
    private final int anyTag;
    /** {@code message_race}; {@code null}: not followed. */
    private volatile @Nullable MessageRaces races;
    /** This rank's blocking sends and posted receives, for {@code buffering_deadlock}; {@code null}: not followed. */
    private volatile @Nullable ZeroBuffering zero;
    /** Persistent sends by request: their signature leaves at each MPI_START. */
    private final Map<Object, MpiCall> persistentSends = new IdentityHashMap<>();
    /**
     * Receives by request, waiting to complete: the signature each expects. Held as
     * {@link PendingRequests} holds them ({@link PendingTable}): a request the program drops is
     * collected as without the checker, and its receive's signature is still compared when it
     * comes ({@link #dropped}).
     */
    private final PendingTable<Signatures.Expect> receives;
    /** Expectations of receives whose request was collected, to keep waiting for (under {@link #receives}). */
    private final List<Signatures.Expect> dropped = new ArrayList<>();

    private volatile boolean anyDropped;

    /** The requests a call completed and their statuses: this thread's two lists, emptied after each use. */
    @SuppressWarnings("unchecked") // an array of a generic type
    private static final ThreadLocal<List<Object>[]> COMPLETED =
            ThreadLocal.withInitial(() -> new List[] {new ArrayList<>(4), new ArrayList<>(4)});

    SignatureFlow(Checker checker, Signatures sig, Communicators comms, PeerConstants constants) {
        this.checker = checker;
        this.sig = sig;
        this.comms = comms;
        this.procNull = constants.procNull;
        this.anySource = constants.anySource;
        this.anyTag = constants.anyTag;
        this.receives = new PendingTable<>(checker.requests().clock(), this);
    }

    /**
     * The communicator of this thread's last call if it was a probe of {@code MPI_ANY_SOURCE} that
     * found a message ({@code message_race}: a wildcard receive right after it may take another).
     */
    private static final ThreadLocal<Object[]> PROBED = ThreadLocal.withInitial(() -> new Object[1]);

    /** From now on, clocks travel with the signatures and wildcard receives are kept ({@code message_race}). */
    void races(MessageRaces r) {
        races = r;
        sig.races(r);
    }

    /** {@code message_race}'s clock and records, where followed; else {@code null}. */
    @Nullable
    MessageRaces races() {
        return races;
    }

    /**
     * The newest wildcard receive on {@code comm} (the application's) that took the message of
     * {@code commRank}, or {@code null}: for the deadlock watch, on its thread ({@link RacedDeadlock}).
     */
    @Nullable
    MessageRaces.Took wildcardThatTook(@Nullable Object comm, int commRank) {
        MessageRaces r = races;
        Object dup = comm == null || r == null || commRank < 0 ? null : sig.dupOf(comm);
        return dup == null || r == null ? null : r.tookFrom(dup, commRank);
    }

    /** From now on, sends and receives are counted for {@code buffering_deadlock}. */
    void buffering(BufferingDeadlocks b) {
        zero = b.counts();
        sig.buffering(b);
    }

    boolean enabled() {
        return sig.enabled();
    }

    void disable(String why) {
        sig.disable(why);
    }

    /**
     * After a call that makes a communicator returned {@code made}: the checker's duplicate of it,
     * made even while the checks are off so that every member makes it.
     */
    void created(@Nullable Object made) throws Exception {
        sig.created(made);
    }

    void forget(@Nullable Object comm) {
        sig.forget(comm);
    }

    /** At MPI_Finalize: the last comparisons. */
    void finish() throws Exception {
        synchronized (receives) {
            // the requests of receives never completed must not outlive the program's hold on them
            // when the pending calls' requests are collected next (RequestRules.leaks)
            receives.weakenAll();
        }
        keepDropped();
        sig.finish();
    }

    /**
     * Before the call: a send's signature leaves; a receive from a known source and tag posts the
     * receive of its signature and, if it has arrived, compares now (before MPI could fail).
     */
    @Nullable
    Signatures.Expect before(MpiCall call) throws Exception {
        MpiFunction f = call.function();
        if (CallNeeds.makesPersistent(f) || f == MpiFunction.MPI_IMRECV) {
            return null; // after the call
        }
        switch (f) {
            case MPI_START:
                startPersistent(call.request());
                return null;
            case MPI_STARTALL:
                if (call.request() instanceof Object[]) {
                    for (Object r : (Object[]) call.request()) {
                        startPersistent(r);
                    }
                }
                return null;
            default:
                break;
        }
        Object comm = call.communicator();
        Object dup = sig.dupOf(comm);
        ZeroBuffering z = zero;
        Object[] probed = PROBED.get();
        Object probedComm = probed[0];
        probed[0] = null;
        if (dup == null) {
            if (z != null) {
                count(z, call, f, comm);
            }
            MessageRaces r = races;
            if (r != null && receives(f)) {
                r.lost(); // its message carries no signature, hence no clock
            }
            return null;
        }
        int size = peers(comm);
        if (f.sendsMessage()) {
            int dest = call.peer();
            if (dest >= 0 && dest < size && call.count() >= 0) {
                long point = -1;
                int posted = 0;
                if (z != null) {
                    int worldDest = comms.toWorld(comm, dest);
                    point = z.sent(worldDest, f, call.callingAddress(), call.bytes());
                    posted = point < 0 ? 0 : z.postedFrom(worldDest);
                }
                sig.send(dup, call, dest, call.tag(), call.datatype(), call.count(), call.bytes(), point, posted);
            }
        }
        int source;
        int tag;
        Object type;
        long count;
        long capacity;
        if (f == MpiFunction.MPI_RECV || f == MpiFunction.MPI_IRECV) {
            source = call.peer();
            tag = call.tag();
            type = call.datatype();
            count = call.count();
            capacity = call.bytes();
        } else if (f == MpiFunction.MPI_SENDRECV || f == MpiFunction.MPI_SENDRECV_REPLACE) {
            source = MessageRoles.sendRecvSource(call);
            tag = MessageRoles.sendRecvTag(call);
            if (source == MpiCall.ABSENT || tag == MpiCall.ABSENT) {
                return null; // the descriptor names no receive half
            }
            type = MessageRoles.sendRecvType(call);
            int receiveCount = MessageRoles.sendRecvCount(call);
            count = receiveCount == MpiCall.ABSENT ? -1 : receiveCount;
            capacity = f == MpiFunction.MPI_SENDRECV ? -1 : call.bytes();
        } else {
            if (z != null && (f == MpiFunction.MPI_MPROBE || f == MpiFunction.MPI_IMPROBE)) {
                // a matched probe takes the message as a receive does (counted even when none was there)
                posted(z, comm, call.peer());
            }
            sig.drain();
            return null;
        }
        if (source == procNull) {
            return null;
        }
        int worldSource = z == null ? -1 : posted(z, comm, source);
        if (source < 0 || source >= size || tag < 0) {
            // A wildcard: its signature is known only from the status, after the call.
            Signatures.Expect w = sig.wildcard(dup, call, type, count, capacity);
            sig.before(w, worldSource);
            w.anySource = source == anySource;
            w.tagWanted = tag == anyTag || tag < 0 ? MessageRaces.ANY_TAG : tag;
            w.afterProbe = w.anySource && probedComm != null && probedComm == comm;
            return w;
        }
        Signatures.Expect e = sig.expect(dup, call, source, tag, type, count, capacity);
        sig.before(e, worldSource);
        if (f != MpiFunction.MPI_IRECV) {
            sig.poll(e);
        }
        return e;
    }

    private static boolean receives(MpiFunction f) {
        switch (f) {
            case MPI_RECV:
            case MPI_IRECV:
            case MPI_SENDRECV:
            case MPI_SENDRECV_REPLACE:
            case MPI_MRECV:
            case MPI_IMRECV:
            case MPI_RECV_INIT:
                return true;
            default:
                return false;
        }
    }

    /** A receive from {@code source} of {@code comm} is being posted; its world rank, or -1 for any source. */
    private int posted(ZeroBuffering z, @Nullable Object comm, int source) {
        if (source == procNull) {
            return -1;
        }
        int worldSource = source < 0 ? -1 : comms.toWorld(comm, source);
        z.posted(worldSource, source < 0);
        return worldSource;
    }

    /** A send or receive on a communicator whose messages carry no signature: counted all the same. */
    private void count(ZeroBuffering z, MpiCall call, MpiFunction f, @Nullable Object comm) {
        if (f.sendsMessage() && call.peer() >= 0) {
            z.sent(comms.toWorld(comm, call.peer()), f, call.callingAddress(), call.bytes());
        }
        if (f == MpiFunction.MPI_RECV
                || f == MpiFunction.MPI_IRECV
                || f == MpiFunction.MPI_MPROBE
                || f == MpiFunction.MPI_IMPROBE) {
            posted(z, comm, call.peer());
        }
    }

    /**
     * The ranks a message on {@code comm} may name: its size, or for an intercommunicator (whose
     * peers are the remote group's ranks) any rank, which MPI itself checks.
     */
    private int peers(@Nullable Object comm) {
        Communicators.Info info = comms.peek(comm);
        return info == null ? 0 : info.inter ? Integer.MAX_VALUE : info.size;
    }

    /** A persistent send about to start: its signature leaves now, as a send's would. */
    private void startPersistent(@Nullable Object request) throws Exception {
        MpiCall init;
        synchronized (persistentSends) {
            init = request == null ? null : persistentSends.get(request);
        }
        if (init == null) {
            return;
        }
        Object dup = sig.dupOf(init.communicator());
        if (dup != null) {
            sig.send(dup, init, init.peer(), init.tag(), init.datatype(), init.count(), init.bytes(), -1, 0);
        }
    }

    /** After the call: the signature a receive waits for is compared, or kept waiting for. */
    void after(MpiCall call, @Nullable Signatures.Expect expect, @Nullable Object result) throws Exception {
        MpiFunction f = call.function();
        switch (f) {
            case MPI_SEND_INIT:
            case MPI_BSEND_INIT:
            case MPI_SSEND_INIT:
            case MPI_RSEND_INIT:
                if (sig.dupOf(call.communicator()) != null && call.peer() >= 0 && call.request() != null) {
                    synchronized (persistentSends) {
                        persistentSends.put(call.request(), call);
                    }
                }
                return;
            case MPI_RECV_INIT:
            case MPI_IMRECV:
                if (sig.dupOf(call.communicator()) != null) {
                    sig.disable(f + " is not followed");
                }
                return;
            case MPI_MRECV:
                Object st = result;
                Object dup = call.communicator() == null ? sig.worldDup() : sig.dupOf(call.communicator());
                if (StatusFields.source(st) >= 0 && dup != null) {
                    Signatures.Expect m = sig.expect(
                            dup,
                            call,
                            StatusFields.source(st),
                            StatusFields.tag(st),
                            call.datatype(),
                            call.count(),
                            call.bytes());
                    // its message was taken at the matched probe, before any receive posted since
                    m.posting = 0;
                    if (sig.check(m)) {
                        sig.release(m);
                    }
                }
                return;
            default:
                break;
        }
        if (SingleCompletion.handles(f)) {
            Object r = SingleCompletion.request(call);
            if (r != null) {
                Signatures.Expect e;
                synchronized (receives) {
                    e = receives.remove(r);
                }
                if (e != null) {
                    completeReceive(e, SingleCompletion.status(call), call);
                }
            }
            keepDropped();
            sig.drain();
            return;
        }
        if (Completions.COMPLETING.contains(f)) {
            List<Object>[] lists = COMPLETED.get();
            List<Object> done = lists[0];
            List<Object> statuses = lists[1];
            try {
                Completions.completed(call, done, statuses);
                for (int i = 0; i < done.size(); i++) {
                    Signatures.Expect e;
                    synchronized (receives) {
                        e = receives.remove(done.get(i));
                    }
                    if (e != null) {
                        completeReceive(e, statuses.get(i), call);
                    }
                }
            } finally {
                done.clear();
                statuses.clear();
            }
            keepDropped();
            sig.drain();
            return;
        }
        if ((f == MpiFunction.MPI_PROBE || f == MpiFunction.MPI_IPROBE)
                && result != null
                && !Boolean.FALSE.equals(result)
                && call.peer() == anySource) {
            PROBED.get()[0] = call.communicator();
        }
        if (expect == null) {
            return;
        }
        if (f == MpiFunction.MPI_IRECV) {
            Object request = call.request();
            if (request != null) {
                synchronized (receives) {
                    receives.put(request, expect);
                }
                keepDropped();
            }
            return;
        }
        completeReceive(expect, result, call);
    }

    /** An expectation holds nothing of the program's: nothing to let go of. */
    @Override
    public void weakened(Signatures.Expect e) {}

    /** A receive's request collected while pending (under {@link #receives}'s lock): its signature is still awaited. */
    @Override
    public void collected(Signatures.Expect e) {
        dropped.add(e);
        anyDropped = true;
    }

    /**
     * The receives whose request the program dropped: a known source's signature is still waited
     * for and compared; a wildcard's sender can no longer be known, so it is let go.
     */
    private void keepDropped() throws Exception {
        if (!anyDropped) {
            return;
        }
        List<Signatures.Expect> gone;
        synchronized (receives) {
            gone = new ArrayList<>(dropped);
            dropped.clear();
            anyDropped = false;
        }
        for (Signatures.Expect e : gone) {
            if (e.request == null) {
                sig.release(e);
            } else if (sig.check(e)) {
                sig.release(e);
            }
        }
    }

    /**
     * A receive completed: a known source's signature compared; a wildcard's posted from its status
     * and compared. Nothing holds {@code e} afterwards (the caller's reference is its last use), so
     * it is reused unless it waits for its signature.
     */
    private void completeReceive(Signatures.Expect e, @Nullable Object status, MpiCall completion) throws Exception {
        if (e.request != null) {
            if (sig.check(e)) {
                sig.release(e);
            }
            return;
        }
        int source = StatusFields.source(status);
        int tag = StatusFields.tag(status);
        if (status == null || source == StatusFields.UNKNOWN || tag < 0) {
            sig.disable("a wildcard receive completed without a status");
            return;
        }
        if (source == procNull) {
            sig.release(e);
            return;
        }
        MessageRaces r = races;
        long ticket = r == null || !e.anySource
                ? 0
                : r.completed(
                        e.dup,
                        source,
                        tag,
                        e.tagWanted,
                        e.posting,
                        e.site,
                        e.function,
                        completion.callingAddress(),
                        status.getClass(),
                        e.afterProbe);
        Signatures.Expect posted = sig.expectFor(e, source, tag);
        posted.race = ticket;
        sig.release(e);
        if (sig.check(posted)) {
            sig.release(posted);
        }
    }

    /** The receive failed (MPI's own error, e.g. a truncation): its signature is still compared when it came. */
    void afterFailedReceive(Signatures.Expect e) {
        try {
            if (e.request == null) {
                sig.disable("a wildcard receive failed");
                return;
            }
            long until = System.nanoTime() + 1_000_000_000L;
            while (!sig.poll(e) && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            if (!e.done) {
                sig.check(e);
            }
        } catch (Exception | LinkageError fault) {
            checker.results().output().fault("checking the datatypes of a failed receive", fault);
        }
    }
}
