package org.qmpi4j.agent.internal.telemetry;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Messages and bytes this process sent to each process, indexed by rank in MPI_COMM_WORLD
 * whatever communicator carried them (as Open MPI's monitoring component counts), so that a
 * variable bound to any communicator reads its members' totals.
 */
final class PeerTraffic {
    private final CommunicatorRanks ranks;
    private volatile AtomicLongArray messages;
    private volatile AtomicLongArray bytes;

    PeerTraffic(CommunicatorRanks ranks) {
        this.ranks = ranks;
    }

    void record(Object comm, int peer, long byteCount) {
        if (comm == null || peer < 0) {
            return; // MPI_PROC_NULL and the like: nothing is sent
        }
        int[] world = ranks.worldRanks(comm);
        if (peer >= world.length || world[peer] < 0) {
            return;
        }
        ensureSized(world.length);
        int w = world[peer];
        AtomicLongArray m = messages;
        if (w < m.length()) {
            m.incrementAndGet(w);
            bytes.addAndGet(w, Math.max(0, byteCount));
        }
    }

    private void ensureSized(int atLeast) {
        if (messages == null) {
            synchronized (this) {
                if (messages == null) {
                    int n;
                    try {
                        n = ranks.probe().worldSize();
                    } catch (Exception e) {
                        n = atLeast;
                    }
                    bytes = new AtomicLongArray(Math.max(n, atLeast));
                    messages = new AtomicLongArray(Math.max(n, atLeast));
                }
            }
        }
    }

    /** Totals sent to each member of a communicator whose world ranks are {@code members}. */
    void sample(int[] members, boolean wantBytes, long[] into) {
        AtomicLongArray totals = wantBytes ? bytes : messages;
        for (int i = 0; i < into.length; i++) {
            int w = members[i];
            into[i] = totals == null || w < 0 || w >= totals.length() ? 0 : totals.get(w);
        }
    }
}
