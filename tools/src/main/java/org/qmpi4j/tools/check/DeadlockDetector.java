package org.qmpi4j.tools.check;

import org.qmpi4j.api.Nullable;

/**
 * Rank 0's judgement of the ranks' states: each rank's latest {@link BlockedCall}, when its
 * progress or blocking last changed and when it was last heard from, and which ranks, if any,
 * are deadlocked. Fed by the watch's readers, asked by its detecting thread.
 */
final class DeadlockDetector {
    private final int size;
    private final long quietNanos;
    private final long freshNanos;
    private final BlockedCall[] states;
    private final long[] lastChange;
    private final long[] lastSeen;
    private final boolean[] closed;

    /**
     * @param seconds how long nothing may move before it is a deadlock
     * @param intervalMillis how often each rank reports; a rank silent for five intervals is not judged
     */
    DeadlockDetector(int size, double seconds, long intervalMillis) {
        this.size = size;
        this.quietNanos = (long) (seconds * 1e9);
        this.freshNanos = intervalMillis * 5_000_000L;
        this.states = new BlockedCall[size];
        this.lastChange = new long[size];
        this.lastSeen = new long[size];
        this.closed = new boolean[size];
    }

    /** A rank connected at {@code now}. */
    synchronized void connected(int rank, long now) {
        lastChange[rank] = now;
    }

    /** A rank's connection ended (it finished or died). */
    synchronized void closed(int rank) {
        closed[rank] = true;
    }

    /** A rank's state arrived at {@code now}. */
    synchronized void state(int rank, BlockedCall s, long now) {
        BlockedCall old = states[rank];
        if (old == null || old.progress != s.progress || old.inside != s.inside) {
            lastChange[rank] = now;
        }
        lastSeen[rank] = now;
        states[rank] = s;
    }

    /**
     * The ranks deadlocked at {@code now}, as their states ({@code null} for the others), or
     * {@code null} for none. A rank is blocked when it is connected, inside MPI, and has not moved
     * for the timeout, unless what it waits for is in another world (a spawned child may take
     * longer than the timeout to answer, and no rank of this job can tell). When every rank is blocked, all are deadlocked; otherwise those that
     * {@link WaitConditions} shows no other rank can release.
     */
    synchronized @Nullable BlockedCall[] deadlocked(long now) {
        boolean[] blocked = new boolean[size];
        boolean every = true;
        for (int r = 0; r < size; r++) {
            BlockedCall s = states[r];
            blocked[r] = !closed[r]
                    && s != null
                    && s.inside
                    && s.call != null
                    && !s.waitsOnOtherWorld()
                    && now - lastChange[r] >= quietNanos
                    && now - lastSeen[r] <= freshNanos;
            every &= blocked[r];
        }
        if (every) {
            return states.clone();
        }
        boolean[] dead = WaitConditions.deadlocked(states, blocked, closed);
        BlockedCall[] found = new BlockedCall[size];
        boolean any = false;
        for (int r = 0; r < size; r++) {
            if (dead[r]) {
                found[r] = states[r];
                any = true;
            }
        }
        return any ? found : null;
    }

    /** Every rank's latest state ({@code null} for a rank not heard from yet). */
    synchronized BlockedCall[] latest() {
        return states.clone();
    }

    /** Whether {@code found}, from {@link #deadlocked}, holds every rank. */
    static boolean every(BlockedCall[] found) {
        for (BlockedCall s : found) {
            if (s == null) {
                return false;
            }
        }
        return true;
    }
}
