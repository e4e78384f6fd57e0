package org.qmpi4j.tools.check;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.qmpi4j.api.Nullable;

/**
 * The checker's records of pending nonblocking calls, by the request's identity, held so that the
 * checker neither allocates per call nor keeps alive a request the program dropped.
 *
 * <p>Most requests complete soon after they start (a wait a few calls later), and those are held
 * strongly, in two generations of {@link IdentityHashMap}s, which add and remove without
 * allocating. Every {@link #GENERATION} nonblocking calls the rank starts ({@link Clock}, one for
 * all of the checker's tables) the generations turn over, and what is still in the older one
 * (pending across a whole generation) moves to a {@link WeakIdentityTable}: from
 * then on only the program keeps that request alive, as without the checker. On Open MPI the
 * request is what holds the call's direct buffer ({@code Request.addRecvBufRef}), so a request the
 * program dropped lets the JVM collect the buffer while MPI still owns it: {@code unreachable_buffer}.
 * Moving an entry allocates once, and only for a long-pending request; a steady state allocates
 * nothing. Not thread-safe: its owner synchronizes.
 *
 * @param <V> the record of each pending call
 */
final class PendingTable<V> implements Consumer<V> {
    /** Nonblocking calls per generation: a request pending across this many others is held weakly. */
    static final int GENERATION = 1024;

    /** The rank's count of generations, one for all tables, so that a table used seldom ages too. */
    static final class Clock {
        private int started;
        private volatile int generation;

        /** A nonblocking call started (under its owner's lock: one thread at a time). */
        void started() {
            if (++started == GENERATION) {
                started = 0;
                generation++;
            }
        }
    }

    /**
     * What owns the records: told as they go weak and as their requests are collected. The owner
     * itself, not a lambda or a class of its own: every class loaded is paid by every rank at start.
     */
    interface Owner<V> {
        /** {@code record}'s request is held weakly from now on: it lets go of what it held strongly. */
        void weakened(V record);

        /** {@code record}'s request was collected while its call was pending. */
        void collected(V record);
    }

    private final Clock clock;
    /** The clock's generation when this table last turned over. */
    private int seen;

    private IdentityHashMap<Object, V> young = new IdentityHashMap<>();
    private IdentityHashMap<Object, V> older = new IdentityHashMap<>();
    private final WeakIdentityTable<V> old;
    private final Owner<V> owner;

    PendingTable(Clock clock, Owner<V> owner) {
        this.clock = clock;
        this.seen = clock.generation;
        this.owner = owner;
        this.old = new WeakIdentityTable<>(this);
    }

    /** The weak table's callback (this, not a lambda: no class spun at start): a request collected. */
    @Override
    public void accept(V record) {
        owner.collected(record);
    }

    /** Turns over as many generations as the clock went on since the last look. */
    private void age() {
        int now = clock.generation;
        if (now != seen) {
            if (now - seen == 1) {
                turnOver();
            } else {
                weakenAll();
            }
            seen = now;
        }
    }

    /** Sets the record of {@code request}; returns the one it replaced, or {@code null}. */
    @Nullable
    V put(Object request, V value) {
        age();
        V before = young.put(request, value);
        if (before == null && !older.isEmpty()) {
            before = older.remove(request);
        }
        if (before == null && old.size() > 0) {
            before = old.remove(request);
        }
        return before;
    }

    /** The record of {@code request}, or {@code null}. */
    @Nullable
    V get(Object request) {
        age();
        V v = young.get(request);
        if (v == null && !older.isEmpty()) {
            v = older.get(request);
        }
        if (v == null && old.size() > 0) {
            v = old.get(request);
        }
        return v;
    }

    /** Removes and returns the record of {@code request}, or {@code null}. */
    @Nullable
    V remove(Object request) {
        age();
        V v = young.remove(request);
        if (v == null && !older.isEmpty()) {
            v = older.remove(request);
        }
        if (v == null && old.size() > 0) {
            v = old.remove(request);
        }
        return v;
    }

    /** What survived a whole generation is held weakly; the young generation becomes the older. */
    private void turnOver() {
        weaken(older);
        IdentityHashMap<Object, V> emptied = older;
        older = young;
        young = emptied;
    }

    /**
     * Holds every request weakly (at {@code MPI_Finalize}, before the one collection that tells
     * which of the calls still pending the program had dropped).
     */
    void weakenAll() {
        weaken(older);
        weaken(young);
    }

    private void weaken(IdentityHashMap<Object, V> generation) {
        if (generation.isEmpty()) {
            return; // no iterator: the steady state allocates nothing
        }
        for (Map.Entry<Object, V> e : generation.entrySet()) {
            old.put(e.getKey(), e.getValue());
            owner.weakened(e.getValue());
        }
        generation.clear();
    }

    /** Tells the collected callback of each weakly held request collected, whether or not its reference was queued yet. */
    void collectedNow() {
        old.collectedNow();
    }

    /** Each record whose request is alive. */
    void forEach(Consumer<V> action) {
        young.values().forEach(action);
        older.values().forEach(action);
        old.forEach(action);
    }

    /** Whether no call is pending (collected ones not yet noticed may be counted). */
    boolean isEmpty() {
        return young.isEmpty() && older.isEmpty() && old.size() == 0;
    }
}
