package org.qmpi4j.tools.check;

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
final class PendingRequests {
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

    private final Map<Object, Pending> pending = new IdentityHashMap<>();
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

    synchronized void started(Object request, Pending p) {
        if (request != null) {
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

    synchronized List<Pending> all() {
        return new ArrayList<>(pending.values());
    }
}
