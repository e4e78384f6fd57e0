package org.qmpi4j.tools.jfr;

import java.util.IdentityHashMap;
import java.util.Map;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.tools.mpi.PeerTranslator;

/**
 * {@link Communicators} through the name-shifted entry: peers with the {@link PeerTranslator}
 * the profiler uses, sizes asked once per communicator object ({@code MPI_COMM_SIZE}) and kept
 * until it is freed.
 */
final class MpiCommunicators implements Communicators {
    /** Communicators whose sizes are kept at most; beyond that the cache starts over. */
    private static final int MAX_CACHED = 1024;

    private final int toolId;
    private final Object world;
    private final int worldSize;
    private final PeerTranslator peers;
    private final Map<Object, Integer> sizes = new IdentityHashMap<>();

    MpiCommunicators(int toolId, Object world, int worldSize) {
        this.toolId = toolId;
        this.world = world;
        this.worldSize = worldSize;
        this.peers = new PeerTranslator(toolId, world, worldSize);
    }

    @Override
    public int worldRank(Object comm, int peer) {
        return peers.toWorld(comm, peer);
    }

    @Override
    public synchronized int size(Object comm) {
        if (comm == world) {
            return worldSize;
        }
        Integer known = sizes.get(comm);
        if (known != null) {
            return known;
        }
        int n;
        try {
            Object size = Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_SIZE, comm);
            n = size instanceof Integer ? (Integer) size : -1;
        } catch (Exception | LinkageError e) {
            n = -1; // remembered as unknown, not asked again
        }
        if (sizes.size() >= MAX_CACHED) {
            sizes.clear();
        }
        sizes.put(comm, n);
        return n;
    }

    @Override
    public synchronized void forget(Object comm) {
        sizes.remove(comm);
        peers.forget(comm);
    }
}
