package org.qmpi4j.tools.check;

import java.util.IdentityHashMap;
import java.util.Map;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.tools.mpi.PeerTranslator;

/**
 * What the checker knows of each communicator the application uses: its size, whether it is an
 * intercommunicator, and its members' ranks in {@code COMM_WORLD}. Learned on the application's
 * thread the first time a call names the communicator (through the name-shifted entry), so the
 * deadlock watch's thread only reads it and never calls MPI.
 */
final class Communicators {
    /** One communicator. */
    static final class Info {
        final int size;
        final boolean inter;
        /** World rank of each member (local group); -1 where unknown. */
        final int[] worldRanks;

        final String name;

        Info(int size, boolean inter, int[] worldRanks, String name) {
            this.size = size;
            this.inter = inter;
            this.worldRanks = worldRanks;
            this.name = name;
        }
    }

    private final int toolId;
    private final Object world;
    private final Info worldInfo;
    private final PeerTranslator peers;
    private final Map<Object, Info> known = new IdentityHashMap<>();

    Communicators(int toolId, Object world, int worldSize, PeerTranslator peers) {
        this.toolId = toolId;
        this.world = world;
        this.peers = peers;
        int[] all = new int[worldSize];
        for (int i = 0; i < worldSize; i++) {
            all[i] = i;
        }
        this.worldInfo = new Info(worldSize, false, all, "MPI_COMM_WORLD");
    }

    /** On the application's thread: the communicator's facts, learned now if new; {@code null} if MPI cannot say. */
    Info learn(Object comm) {
        if (comm == world || comm == null) {
            return worldInfo;
        }
        synchronized (this) {
            Info i = known.get(comm);
            if (i != null) {
                return i;
            }
        }
        Info i;
        try {
            boolean inter = Boolean.TRUE.equals(Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_TEST_INTER, comm));
            int size = (Integer) Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_SIZE, comm);
            int[] ranks = new int[size];
            StringBuilder name = new StringBuilder("communicator of world ranks [");
            for (int r = 0; r < size; r++) {
                ranks[r] = inter ? -1 : peers.toWorld(comm, r);
                if (r > 0) {
                    name.append(',');
                }
                if (r < 16) {
                    name.append(ranks[r]);
                } else if (r == 16) {
                    name.append("...");
                }
            }
            i = new Info(
                    size,
                    inter,
                    ranks,
                    inter ? "an intercommunicator" : name.append(']').toString());
        } catch (Exception | LinkageError e) {
            i = new Info(-1, true, new int[0], "a communicator");
        }
        synchronized (this) {
            if (known.size() > 4096) {
                known.clear();
            }
            known.put(comm, i);
        }
        return i;
    }

    /** From any thread: what is known of {@code comm}, without calling MPI; {@code null} if nothing. */
    synchronized Info peek(Object comm) {
        return comm == world || comm == null ? worldInfo : known.get(comm);
    }

    /** The world rank of {@code peer} of {@code comm}, or -1 (wildcard, none, unknown). */
    int toWorld(Object comm, int peer) {
        if (peer < 0) {
            return -1;
        }
        if (comm == world || comm == null) {
            return peer < worldInfo.size ? peer : -1;
        }
        Info i = peek(comm);
        return i != null && !i.inter && peer < i.worldRanks.length ? i.worldRanks[peer] : -1;
    }

    /**
     * On the application's thread: the groups of {@code comm} as world ranks ({@code {local}},
     * or {@code {local, remote}} for an intercommunicator; {@code -1} for a process outside
     * {@code COMM_WORLD}), or {@code null} if MPI cannot say.
     */
    int[][] groups(Object comm) {
        return peers.groups(comm);
    }

    void forget(Object comm) {
        synchronized (this) {
            known.remove(comm);
        }
        peers.forget(comm);
    }
}
