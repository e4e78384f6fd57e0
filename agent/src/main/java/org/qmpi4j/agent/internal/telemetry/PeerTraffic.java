package org.qmpi4j.agent.internal.telemetry;

import java.util.concurrent.atomic.AtomicLongArray;
import org.qmpi4j.api.Nullable;

/**
 * Messages and bytes this process sent to each process, indexed by rank in MPI_COMM_WORLD
 * whatever communicator carried them (as Open MPI's monitoring component counts), so that a
 * variable bound to any communicator reads its members' totals.
 */
final class PeerTraffic {
    private final CommunicatorRanks ranks;
    private volatile @Nullable AtomicLongArray messages;
    private volatile @Nullable AtomicLongArray bytes;

    PeerTraffic(CommunicatorRanks ranks) {
        this.ranks = ranks;
    }

    void record(@Nullable Object comm, int peer, long byteCount) {
        if (comm == null || peer < 0) {
            return; // MPI_PROC_NULL and the like: nothing is sent
        }
        int[] world = ranks.worldRanks(comm);
        if (peer >= world.length || world[peer] < 0) {
            return;
        }
        AtomicLongArray m = ensureSized(world.length);
        AtomicLongArray b = bytes; // written before messages, so set once m is
        int w = world[peer];
        if (b != null && w < m.length()) {
            m.incrementAndGet(w);
            b.addAndGet(w, Math.max(0, byteCount));
        }
    }

    /** The message counts, made at the first message. */
    private AtomicLongArray ensureSized(int atLeast) {
        AtomicLongArray m = messages;
        if (m == null) {
            synchronized (this) {
                m = messages;
                if (m == null) {
                    int n;
                    try {
                        n = ranks.probe().worldSize();
                    } catch (Exception e) {
                        n = atLeast;
                    }
                    bytes = new AtomicLongArray(Math.max(n, atLeast));
                    m = new AtomicLongArray(Math.max(n, atLeast));
                    messages = m;
                }
            }
        }
        return m;
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
