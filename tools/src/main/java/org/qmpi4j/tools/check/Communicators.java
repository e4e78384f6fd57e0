package org.qmpi4j.tools.check;

import java.util.IdentityHashMap;
import java.util.Map;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.tools.mpi.PeerTranslator;
import org.qmpi4j.tools.mpi.Pmpi;

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
        /** Of an intercommunicator, the remote group's world ranks ({@link #OTHER_WORLD} outside this world); else empty. */
        final int[] remoteWorldRanks;
        /**
         * An intercommunicator reaching processes outside {@code COMM_WORLD} (a spawned, parent or
         * connected world), or one whose remote group MPI could not describe: a call on it may be
         * released by processes this rank's watch does not see.
         */
        final boolean otherWorld;

        Info(int size, boolean inter, int[] worldRanks, String name) {
            this(size, inter, worldRanks, name, new int[0], false);
        }

        Info(int size, boolean inter, int[] worldRanks, String name, int[] remoteWorldRanks, boolean otherWorld) {
            this.size = size;
            this.inter = inter;
            this.worldRanks = worldRanks;
            this.name = name;
            this.remoteWorldRanks = remoteWorldRanks;
            this.otherWorld = otherWorld;
        }
    }

    /** A peer in a world other than this one's {@code COMM_WORLD}, as {@link #toWorld} gives it. */
    static final int OTHER_WORLD = -3;

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
    @Nullable
    Info learn(@Nullable Object comm) {
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
            int size = Pmpi.intResult(toolId, MpiFunction.MPI_COMM_SIZE, comm);
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
            if (inter) {
                int[][] g = peers.groups(comm);
                int[] remote = g == null || g.length < 2 ? new int[0] : g[1].clone();
                boolean other = remote.length == 0;
                for (int k = 0; k < remote.length; k++) {
                    if (remote[k] < 0) {
                        remote[k] = OTHER_WORLD;
                        other = true;
                    }
                }
                i = new Info(
                        size,
                        true,
                        ranks,
                        other ? "an intercommunicator to another world" : "an intercommunicator",
                        remote,
                        other);
            } else {
                i = new Info(size, false, ranks, name.append(']').toString());
            }
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
    synchronized @Nullable Info peek(@Nullable Object comm) {
        return comm == world || comm == null ? worldInfo : known.get(comm);
    }

    /**
     * The world rank of {@code peer} of {@code comm} (of the remote group on an
     * intercommunicator), {@link #OTHER_WORLD} for a process of another world, or -1 (wildcard,
     * none, unknown).
     */
    int toWorld(@Nullable Object comm, int peer) {
        if (peer < 0) {
            return -1;
        }
        if (comm == world || comm == null) {
            return peer < worldInfo.size ? peer : -1;
        }
        Info i = peek(comm);
        if (i == null) {
            return -1;
        }
        if (i.inter) {
            return peer < i.remoteWorldRanks.length ? i.remoteWorldRanks[peer] : i.otherWorld ? OTHER_WORLD : -1;
        }
        return peer < i.worldRanks.length ? i.worldRanks[peer] : -1;
    }

    /**
     * On the application's thread: the groups of {@code comm} as world ranks ({@code {local}},
     * or {@code {local, remote}} for an intercommunicator; {@code -1} for a process outside
     * {@code COMM_WORLD}), or {@code null} if MPI cannot say.
     */
    @Nullable
    int[][] groups(@Nullable Object comm) {
        return peers.groups(comm);
    }

    void forget(@Nullable Object comm) {
        synchronized (this) {
            known.remove(comm);
        }
        peers.forget(comm);
    }
}
