package org.qmpi4j.tools.mpi;

import java.util.IdentityHashMap;
import java.util.Map;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;

/**
 * Turns a peer rank given in some communicator into the same process's rank in
 * {@code COMM_WORLD}, so that messages on any communicator land in the right cell of the
 * communication matrix. Calls on {@code COMM_WORLD} itself cost one comparison; for other
 * communicators the table of their ranks is built once (with {@code MPI_COMM_GROUP} or
 * {@code MPI_COMM_REMOTE_GROUP} for intercommunicators, and {@code MPI_GROUP_TRANSLATE_RANKS},
 * through the name-shifted entry) and kept per communicator object until it is freed.
 *
 * <p>A peer outside {@code COMM_WORLD} (over an intercommunicator to a spawned world, the parent,
 * a connected job) has no world rank; {@link #outsideWorld} says so, and {@link #name} tells what
 * the communicator is ({@code parent}, {@code spawn 1}, ...), so that such messages are listed by
 * the remote group's rank rather than dropped or put on a rank of the wrong world.
 */
public final class PeerTranslator {
    /** Communicators whose tables are kept at most; beyond that the cache starts over. */
    static final int MAX_CACHED = 1024;

    private final int toolId;
    private final Object world;
    private final int worldSize;
    /** Marks, in a table, a peer that is a process of another world. */
    private static final int OUTSIDE = -2;

    private final Map<Object, int[]> tables = new IdentityHashMap<>();
    private final Map<Object, String> names = new IdentityHashMap<>();
    private final Map<Object, int[][]> groups = new IdentityHashMap<>();
    /** {@code COMM_WORLD}'s group, asked for when the first table is built. */
    private @Nullable Object worldGroup;

    public PeerTranslator(int toolId, Object world, int worldSize) {
        this.toolId = toolId;
        this.world = world;
        this.worldSize = worldSize;
    }

    /**
     * The {@code COMM_WORLD} rank of {@code peer} in {@code comm}, or {@code -1} when there is
     * none: no peer, a wildcard or {@code MPI_PROC_NULL} (negative), or a communicator the binding
     * cannot describe.
     */
    public int toWorld(@Nullable Object comm, int peer) {
        if (peer < 0) {
            return -1;
        }
        if (comm == world || comm == null) {
            return peer < worldSize ? peer : -1;
        }
        int[] table = table(comm);
        return table != null && peer < table.length ? Math.max(table[peer], -1) : -1;
    }

    /** Whether {@code peer} of {@code comm} is a process of another world (a rank of a remote group). */
    public boolean outsideWorld(@Nullable Object comm, int peer) {
        if (peer < 0 || comm == world || comm == null) {
            return false;
        }
        int[] table = table(comm);
        return table != null && peer < table.length && table[peer] == OUTSIDE;
    }

    /** Names {@code comm}, a communicator that reaches another world, e.g. {@code spawn 2}. */
    public synchronized void name(@Nullable Object comm, String name) {
        if (comm != null) {
            if (names.size() >= MAX_CACHED) {
                names.clear();
            }
            names.put(comm, name);
        }
    }

    /** The name given to {@code comm}, or {@code other} for one made by a call not seen (a dup, a merge). */
    public synchronized String nameOf(@Nullable Object comm) {
        String n = names.get(comm);
        return n == null ? "other" : n;
    }

    /** Forgets {@code comm} (it is being freed; a new communicator may reuse the object). */
    public synchronized void forget(@Nullable Object comm) {
        tables.remove(comm);
        names.remove(comm);
        groups.remove(comm);
    }

    /**
     * The groups of {@code comm} as {@code COMM_WORLD} ranks in the communicator's rank order
     * ({@code -1}: a process outside {@code COMM_WORLD}): {@code {local}} for an
     * intracommunicator, {@code {local, remote}} for an intercommunicator; {@code null} when the
     * binding cannot describe it (e.g. {@code MPI_COMM_NULL}). Built once per communicator, with
     * the same calls as the peer tables, and kept until it is {@link #forget forgotten}.
     */
    public synchronized @Nullable int[][] groups(@Nullable Object comm) {
        if (comm == null) {
            return null;
        }
        int[][] g = groups.get(comm);
        if (g != null) {
            return g.length == 0 ? null : g;
        }
        try {
            g = buildGroups(comm);
        } catch (Exception | LinkageError e) {
            g = new int[0][]; // remembered as "cannot describe", not asked again
        }
        if (groups.size() >= MAX_CACHED) {
            groups.clear();
        }
        groups.put(comm, g);
        return g.length == 0 ? null : g;
    }

    private int[][] buildGroups(Object comm) throws Exception {
        if (comm == world) {
            int[] all = new int[worldSize];
            for (int i = 0; i < worldSize; i++) {
                all[i] = i;
            }
            return new int[][] {all};
        }
        boolean inter = Boolean.TRUE.equals(Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_TEST_INTER, comm));
        int[] local = worldRanksOf(Pmpi.result(toolId, MpiFunction.MPI_COMM_GROUP, comm));
        if (!inter) {
            return new int[][] {local};
        }
        int[] remote = table(comm);
        if (remote == null) {
            throw new IllegalStateException("no remote group");
        }
        int[] r = remote.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] = Math.max(r[i], -1);
        }
        for (int i = 0; i < local.length; i++) {
            local[i] = Math.max(local[i], -1);
        }
        return new int[][] {local, r};
    }

    private synchronized @Nullable int[] table(Object comm) {
        int[] t = tables.get(comm);
        if (t != null) {
            return t.length == 0 ? null : t;
        }
        try {
            t = build(comm);
        } catch (Exception | LinkageError e) {
            t = new int[0]; // remembered as "cannot translate", not asked again
        }
        if (tables.size() >= MAX_CACHED) {
            tables.clear();
        }
        tables.put(comm, t);
        return t.length == 0 ? null : t;
    }

    private int[] build(Object comm) throws Exception {
        worldGroup();
        boolean inter = Boolean.TRUE.equals(Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_TEST_INTER, comm));
        // Point-to-point peers of an intercommunicator are ranks of the remote group.
        return worldRanksOf(
                Pmpi.result(toolId, inter ? MpiFunction.MPI_COMM_REMOTE_GROUP : MpiFunction.MPI_COMM_GROUP, comm));
    }

    private Object worldGroup() throws Exception {
        Object all = worldGroup;
        if (all == null) {
            all = Pmpi.result(toolId, MpiFunction.MPI_COMM_GROUP, world);
            worldGroup = all;
        }
        return all;
    }

    /**
     * The world ranks of {@code group}'s members ({@link #OUTSIDE} for others), in the group's
     * order; frees the group. For groups that belong to no communicator: a window's.
     */
    public int[] worldRanksOfGroup(Object group) throws Exception {
        return worldRanksOf(group);
    }

    /** The world ranks of {@code group}'s members ({@link #OUTSIDE} for others); frees the group. */
    private int[] worldRanksOf(Object group) throws Exception {
        Object all = worldGroup();
        try {
            int n = Pmpi.intResult(toolId, MpiFunction.MPI_GROUP_SIZE, group);
            int[] ranks = new int[n];
            for (int i = 0; i < n; i++) {
                ranks[i] = i;
            }
            int[] inWorld = (int[]) Pmpi.result(toolId, MpiFunction.MPI_GROUP_TRANSLATE_RANKS, null, group, ranks, all);
            for (int i = 0; i < inWorld.length; i++) {
                if (inWorld[i] < 0 || inWorld[i] >= worldSize) {
                    inWorld[i] = OUTSIDE; // MPI_UNDEFINED: a process outside COMM_WORLD (spawned, connected)
                }
            }
            return inWorld;
        } finally {
            Qmpi.pmpi(toolId, MpiFunction.MPI_GROUP_FREE, group);
        }
    }
}
