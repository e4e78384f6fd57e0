package org.qmpi4j.tools.check;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * The nonblocking requests this rank started and has not yet completed or freed, by the request
 * object's identity (the object the binding returned is the one the application waits on): what
 * started each (function, site, peer, tag, communicator) and, for sends, the buffer's checksum.
 * One small record per nonblocking call; completion removes it. What is left at
 * {@code MPI_Finalize} is a leak; what a blocked wait waits for is part of a deadlock's report.
 * Persistent requests are kept apart from their {@code *_INIT} to their {@code MPI_Request_free}:
 * started ({@code MPI_Start}) they are active until a wait or test completes them, and one not
 * freed by {@code MPI_Finalize} is a leak.
 *
 * <p>One class over the usual size because the pending calls, the active persistent ones, their
 * buffer regions and the requests freed are changed together under one lock: a start, a
 * completion or a free updates all of them at once.
 */
final class PendingRequests implements PendingTable.Owner<PendingRequests.Pending> {
    /**
     * One started request. A nonblocking call's record is reused once its request completed
     * ({@link #recycle}); the deadlock watch therefore copies what it shows under this object's
     * lock ({@link #describe}), never holding a record.
     */
    static final class Pending {
        MpiFunction function;

        @Nullable
        CallingAddress site;
        /** The peer in {@code COMM_WORLD}, or -1 for a wildcard or none. */
        int worldPeer;

        int tag;
        String comm;
        /** The send buffer and its checksum at the start, or {@code null} and {@link BufferChecksum#NONE}. */
        @Nullable
        Object buffer;

        int offset;
        long bytes;
        long checksum;
        /**
         * The request's communicator reaches another world (a spawned, parent or connected one):
         * whatever its peer, even a wildcard, a process this job's watch does not see may complete it.
         */
        boolean otherWorld;
        /** Where its buffer lies ({@code overlapping_buffers}); no memory if not known. */
        final BufferRegion region = new BufferRegion();
        /**
         * A receive into an array on a binding that fills it only in the completing call
         * ({@code buffer_written_early}): {@link #buffer} and {@link #checksum} are the array's at
         * the start, compared before each call given the request until it completes.
         */
        boolean receive;
        /** {@link #receive} and not yet reported or completed: counted in {@code watchedReceives}. */
        boolean watched;
        /** Its direct buffer while the request is held strongly ({@link PendingTable}); {@code null} for arrays. */
        @Nullable
        Object directBuffer;
        /**
         * Its direct buffer once the request is held weakly: the checker must not keep alive a
         * buffer the program dropped ({@code unreachable_buffer}).
         */
        @Nullable
        WeakReference<Object> direct;
        /**
         * The buffer that owns {@link #direct}'s memory (itself, or the one it views or slices),
         * held weakly with it: collected while the call is pending, its memory is freed while MPI
         * still uses it. A slice of a buffer the program holds is collected harmlessly.
         */
        @Nullable
        WeakReference<Object> owner;

        /** The send buffer to compare at the completion, if still reachable, or {@code null}. */
        @Nullable
        Object sendBuffer() {
            if (checksum == BufferChecksum.NONE || receive) {
                return null;
            }
            WeakReference<Object> d = direct;
            return d != null ? d.get() : directBuffer != null ? directBuffer : buffer;
        }

        /** Its request is held weakly from now on: so is its direct buffer. */
        void weaken() {
            Object b = directBuffer;
            // Where the owner cannot be read (java.nio not open to the tools) the buffer stays held:
            // then its collection could not be told from a slice's
            Object memory = b == null ? null : DirectAddresses.memoryOwner((java.nio.Buffer) b);
            if (memory != null) {
                direct = new WeakReference<>(b);
                owner = memory == b ? direct : new WeakReference<>(memory);
                directBuffer = null;
            }
        }

        /** Whether the call had a direct buffer and the JVM collected the buffer owning its memory. */
        boolean directCollected() {
            WeakReference<Object> o = owner;
            return o != null && o.get() == null;
        }

        /** An empty record, for {@link #set} to fill. */
        Pending() {
            set(MpiFunction.MPI_ISEND, null, -1, -1, "", null, 0, 0, 0, false);
        }

        Pending set(
                MpiFunction function,
                @Nullable CallingAddress site,
                int worldPeer,
                int tag,
                String comm,
                @Nullable Object buffer,
                int offset,
                long bytes,
                long checksum,
                boolean otherWorld) {
            this.function = function;
            this.site = site;
            this.worldPeer = worldPeer;
            this.tag = tag;
            this.comm = comm;
            this.buffer = buffer;
            this.offset = offset;
            this.bytes = bytes;
            this.checksum = checksum;
            this.otherWorld = otherWorld;
            this.region.memory = null;
            this.directBuffer = null;
            this.direct = null;
            this.owner = null;
            this.receive = false;
            this.watched = false;
            return this;
        }
    }

    /** A persistent request, whether it is active and which call started it last. */
    static final class Persistent {
        final Pending made;
        boolean active;

        MpiFunction startedBy = MpiFunction.MPI_START;

        @Nullable
        CallingAddress startedAt;

        Persistent(Pending made) {
            this.made = made;
        }
    }

    /**
     * A request the program freed ({@code MPI_Request_free}): where, and whether it was still active
     * then (started and not completed), with the call that started it.
     */
    static final class Freed {
        final @Nullable CallingAddress at;
        final boolean wasActive;
        final @Nullable MpiFunction startedBy;
        final @Nullable CallingAddress startedAt;

        Freed(
                @Nullable CallingAddress at,
                boolean wasActive,
                @Nullable MpiFunction startedBy,
                @Nullable CallingAddress startedAt) {
            this.at = at;
            this.wasActive = wasActive;
            this.startedBy = startedBy;
            this.startedAt = startedAt;
        }
    }

    /** A freed request collected: it can no longer be used, so it no longer costs the calls a look-up. */
    private static final class Collected implements java.util.function.Consumer<Freed> {
        private final PendingRequests requests;

        Collected(PendingRequests requests) {
            this.requests = requests;
        }

        @Override
        public void accept(Freed f) {
            requests.freedAlive--;
        }
    }

    /** The rank's generations of pending requests ({@link PendingTable}). */
    private final PendingTable.Clock clock = new PendingTable.Clock();
    /**
     * The pending calls by request; those pending long are held weakly ({@link PendingTable}): a
     * request the program drops must be collected as without the checker, since on Open MPI the
     * request is what holds the buffer.
     */
    private final PendingTable<Pending> pending = new PendingTable<>(clock, this);
    /** Pending calls whose request was collected, their buffer not: never completed, so leaks at {@code MPI_Finalize}. */
    private final List<Pending> dropped = new ArrayList<>();
    /** Pending calls whose request and direct buffer were collected, not yet reported ({@code unreachable_buffer}). */
    private final List<Pending> unreachable = new ArrayList<>();

    private volatile boolean anyUnreachable;
    /** How many pending receives have their array watched ({@link Pending#receive}): none, no look-up. */
    private volatile int watchedReceives;
    /** Records of completed requests, to reuse: a nonblocking call then allocates nothing. */
    private final java.util.ArrayDeque<Pending> free = new java.util.ArrayDeque<>();

    private final Map<Object, Persistent> persistent = new IdentityHashMap<>();

    /**
     * The pending and active persistent requests whose buffer region is known, in an array that a
     * comparison walks without allocating; {@link #anyRegion} lets calls skip the lock when empty.
     */
    private Pending[] regions = new Pending[16];

    private int regionCount;
    private volatile boolean anyRegion;

    /** A pending call whose buffer overlaps another's, copied under the lock. */
    static final class Overlap {
        final MpiFunction function;

        @Nullable
        final CallingAddress site;

        final String region;
        final boolean writes;
        /** Where its region starts: an address, for {@link BufferRegion#NATIVE} memory. */
        final long from;

        Overlap(Pending p) {
            this.function = p.function;
            this.site = p.site;
            this.region = p.region.describe();
            this.writes = p.region.writes;
            this.from = p.region.from;
        }
    }

    /**
     * The first pending call whose buffer conflicts with {@code r} (shares a byte, and one of them
     * is written), or {@code null}; allocates only when it finds one.
     */
    /** Whether any pending call's buffer region is known: else no call can overlap one. */
    boolean mayOverlap() {
        return anyRegion;
    }

    @Nullable
    Overlap overlapping(BufferRegion r) {
        if (!anyRegion || r.memory == null) {
            return null;
        }
        synchronized (this) {
            for (int i = 0; i < regionCount; i++) {
                if (regions[i].region.conflicts(r)) {
                    return new Overlap(regions[i]);
                }
            }
        }
        return null;
    }

    private void addRegion(Pending p) {
        if (p.region.memory == null) {
            return;
        }
        if (regionCount == regions.length) {
            regions = java.util.Arrays.copyOf(regions, regionCount * 2);
        }
        regions[regionCount++] = p;
        anyRegion = true;
    }

    private void removeRegion(@Nullable Pending p) {
        if (p == null || p.region.memory == null) {
            return;
        }
        for (int i = regionCount - 1; i >= 0; i--) {
            if (regions[i] == p) {
                regions[i] = regions[--regionCount];
                regions[regionCount] = null;
                break;
            }
        }
        anyRegion = regionCount > 0;
    }

    /**
     * The requests the program freed, while it holds them: a table that does not keep them alive, so
     * a freed request the program drops costs nothing after the next collection.
     */
    private final WeakIdentityTable<Freed> freed = new WeakIdentityTable<>(new Collected(this));
    /** How many freed requests are alive: while none is, completion calls are not looked up. */
    private volatile int freedAlive;

    /** A persistent request was made ({@code *_INIT}): inactive until started. */
    synchronized void made(@Nullable Object request, Pending p) {
        if (request != null) {
            persistent.put(request, new Persistent(p));
            forgetFreed(request);
        }
    }

    /**
     * {@code MPI_Start} of {@code request} by {@code f} at {@code site}: a persistent request is
     * active now. Returns the pending call its buffer overlaps, if any (found before it is counted
     * itself); none when it was active already (a misuse {@link RequestMisuse} reports).
     */
    synchronized @Nullable Overlap start(@Nullable Object request, MpiFunction f, @Nullable CallingAddress site) {
        Persistent q = request == null ? null : persistent.get(request);
        if (q == null) {
            return null;
        }
        boolean wasActive = q.active;
        q.active = true;
        q.startedBy = f;
        q.startedAt = site;
        if (wasActive) {
            return null;
        }
        Overlap o = overlapping(q.made.region);
        addRegion(q.made);
        return o;
    }

    /** The persistent request {@code request} if it is active (started, not completed since), else {@code null}. */
    synchronized @Nullable Persistent active(@Nullable Object request) {
        Persistent q = request == null ? null : persistent.get(request);
        return q != null && q.active ? q : null;
    }

    /**
     * {@code MPI_Request_free} of {@code request} at {@code site}: its record, removed, if it was
     * active (a nonblocking call's, or a started persistent one's); otherwise {@code null}. The
     * request is remembered as freed ({@link #freedBefore}).
     */
    synchronized @Nullable Pending freed(@Nullable Object request, @Nullable CallingAddress site) {
        if (request == null) {
            return null;
        }
        Pending p = pending.remove(request);
        unwatch(p);
        Persistent q = persistent.remove(request);
        Pending active = p != null ? p : q != null && q.active ? q.made : null;
        removeRegion(active);
        if (freed.get(request) == null) {
            freed.put(
                    request,
                    new Freed(
                            site,
                            active != null,
                            active == null ? null : q != null ? q.startedBy : active.function,
                            active == null ? null : q != null ? q.startedAt : active.site));
            freedAlive++;
        }
        return active;
    }

    /** Whether some request the program freed is alive, so that calls given a request must be looked up. */
    boolean anyFreed() {
        return freedAlive > 0;
    }

    /** Where the program freed {@code request}, if it did; else {@code null}. */
    synchronized @Nullable Freed freedBefore(@Nullable Object request) {
        return request == null ? null : freed.get(request);
    }

    /** The persistent requests not freed. */
    synchronized List<Persistent> persistent() {
        return new ArrayList<>(persistent.values());
    }

    /** A long-pending call's request is held weakly from now on: so is its direct buffer. */
    @Override
    public void weakened(Pending p) {
        p.weaken();
    }

    /**
     * A pending call's request collected: the program dropped it before the call completed. MPI
     * still owns the call, so its record stays, its region still compared: an
     * {@code unreachable_buffer} if its direct buffer went with it (the one finding for that
     * mistake), else a leak at {@code MPI_Finalize}. Called under this object's lock.
     */
    @Override
    public void collected(Pending p) {
        if (p.directCollected()) {
            unreachable.add(p);
            anyUnreachable = true;
        } else {
            dropped.add(p);
        }
    }

    /** The rank's generations of pending requests, for every table of them ({@link PendingTable}). */
    PendingTable.Clock clock() {
        return clock;
    }

    synchronized void started(Object request, Pending p) {
        clock.started();
        if (request != null) {
            if (p.receive) {
                p.watched = true;
                watchedReceives++;
            }
            removeRegion(pending.put(request, p));
            addRegion(p);
            forgetFreed(request);
        }
    }

    /** A request the binding gives out again is a new one, not the one freed. */
    private void forgetFreed(Object request) {
        if (freedAlive > 0 && freed.get(request) != null) {
            freed.remove(request);
            freedAlive--;
        }
    }

    /**
     * The record of {@code request}, removed; or {@code null} if it was not pending. A persistent
     * request completed is inactive again (and gives {@code null}: it was never pending).
     */
    synchronized @Nullable Pending completed(Object request) {
        Pending p = pending.remove(request);
        unwatch(p);
        if (p == null && request != null) {
            Persistent q = persistent.get(request);
            if (q != null && q.active) {
                q.active = false;
                removeRegion(q.made);
            }
        }
        removeRegion(p);
        return p;
    }

    /** The record of {@code request} if it is pending or an active persistent request, left in place. */
    synchronized @Nullable Pending get(Object request) {
        Pending p = pending.get(request);
        if (p == null) {
            Persistent q = persistent.get(request);
            p = q != null && q.active ? q.made : null;
        }
        return p;
    }

    /** A record to fill for a nonblocking call: one taken back, or a new one. */
    synchronized Pending obtain() {
        Pending p = free.poll();
        return p != null ? p : new Pending();
    }

    /**
     * Takes back {@code p}, a record {@link #completed} returned, once its reader is done with it;
     * nothing else holds it.
     */
    synchronized void recycle(Pending p) {
        p.site = null;
        p.buffer = null;
        p.directBuffer = null;
        p.direct = null;
        p.owner = null;
        p.region.memory = null;
        if (free.size() < 256) {
            free.push(p);
        }
    }

    /**
     * What {@code request} waits for, if it is pending or an active persistent request, copied into
     * {@code w} under the lock (so that no record is read while it is reused); false if neither.
     */
    synchronized boolean describe(Object request, BlockedCall.Call w) {
        Pending p = get(request);
        if (p == null) {
            return false;
        }
        w.function = p.function.name();
        CallingAddress site = p.site;
        if (site != null) {
            w.className = site.className();
            w.method = site.methodName();
            w.file = site.fileName();
            w.line = site.line();
        }
        w.peer = p.worldPeer;
        // A wildcard receive on an intercommunicator to another world has no world peer, yet only
        // that world can complete it.
        w.otherWorld = p.otherWorld || p.worldPeer == Communicators.OTHER_WORLD;
        w.tag = p.tag;
        w.comm = p.comm;
        return true;
    }

    /** The calls still pending: those whose request the program holds, then those it dropped. */
    synchronized List<Pending> all() {
        List<Pending> all = new ArrayList<>();
        pending.forEach(all::add);
        all.addAll(dropped);
        return all;
    }

    /**
     * The pending calls whose request and direct buffer were collected since the last look
     * ({@code unreachable_buffer}), each given once.
     */
    synchronized List<Pending> takeUnreachable() {
        if (unreachable.isEmpty()) {
            return List.of();
        }
        List<Pending> taken = new ArrayList<>(unreachable);
        unreachable.clear();
        anyUnreachable = false;
        return taken;
    }

    /**
     * At {@code MPI_Finalize}, when calls are still pending: holds every request weakly, lets the
     * JVM collect once, and notes which of them the program had dropped with their direct buffers
     * (then {@link #takeUnreachable}). Without the collection a dropped request would be found only
     * if the JVM happened to collect it while it was held weakly; with {@code -XX:+DisableExplicitGC}
     * that is all there is.
     */
    void collectDropped() {
        synchronized (this) {
            pending.weakenAll();
            if (pending.isEmpty()) {
                return;
            }
        }
        System.gc(); // outside the lock: nothing waits on it meanwhile
        synchronized (this) {
            pending.collectedNow();
        }
    }

    private void unwatch(@Nullable Pending p) {
        if (p != null && p.watched) {
            p.watched = false;
            watchedReceives--;
        }
    }

    /** Whether a pending receive's array is watched, so that calls given requests must look ({@link #writtenEarly}). */
    boolean watchesReceives() {
        return watchedReceives > 0;
    }

    /**
     * The pending receive of {@code request} if the program wrote its array since the start
     * ({@code buffer_written_early}), each once; else {@code null}. The record is read before the
     * call completes it, on the thread that completes it, so it is not reused meanwhile.
     */
    synchronized @Nullable Pending writtenEarly(@Nullable Object request) {
        Pending p = request == null ? null : pending.get(request);
        if (p == null || !p.watched || BufferChecksum.of(p.buffer, p.offset, p.bytes) == p.checksum) {
            return null;
        }
        unwatch(p);
        return p;
    }

    /** Whether {@link #takeUnreachable} has something: read without the lock, once per nonblocking call. */
    boolean anyUnreachable() {
        return anyUnreachable;
    }
}
