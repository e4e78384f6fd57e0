package org.qmpi4j.report.export.otf2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.qmpi4j.api.Nullable;

/**
 * The job's communicators as OTF2 defines them: {@code MPI_COMM_WORLD} (id {@link #WORLD}) and
 * those the trace defines, each with its group (and, for an inter-communicator, the remote group)
 * as {@code COMM_WORLD} ranks. Translates world ranks into ranks within a communicator, as OTF2's
 * MPI records name peers and roots.
 */
public final class Communicators {
    /** The id of {@code MPI_COMM_WORLD}. */
    public static final int WORLD = 0;

    /** One communicator. */
    public static final class Communicator {
        private final String name;
        private final int[] local;
        private final @Nullable int[] remote;

        Communicator(String name, int[] local, @Nullable int[] remote) {
            this.name = name;
            this.local = local;
            this.remote = remote;
        }

        public String name() {
            return name;
        }

        /** Its (local) group as world ranks, in the communicator's rank order. */
        public int[] local() {
            return local.clone();
        }

        /** The remote group of an inter-communicator as world ranks; {@code null} for an intra one. */
        public @Nullable int[] remote() {
            return remote == null ? null : remote.clone();
        }

        /**
         * The rank of world rank {@code worldRank} as a peer in this communicator, or -1 if it is
         * not in it. For an inter-communicator, the rank in the group the peer belongs to: the
         * job keeps one definition, in the view of one side, and a peer is always in the other
         * side's group, so a member of group A talks to ranks of group B and the other way round.
         */
        int peerRank(long worldRank) {
            int r = indexOf(remote != null ? remote : local, worldRank);
            return r < 0 && remote != null ? indexOf(local, worldRank) : r;
        }

        private static int indexOf(int[] group, long worldRank) {
            for (int i = 0; i < group.length; i++) {
                if (group[i] == worldRank) {
                    return i;
                }
            }
            return -1;
        }
    }

    private final int size;
    private final List<Communicator> all = new ArrayList<>();

    /** A job of {@code size} ranks: {@code MPI_COMM_WORLD} only, so far. */
    public Communicators(int size) {
        this.size = size;
        int[] world = new int[size];
        Arrays.setAll(world, i -> i);
        all.add(new Communicator("MPI_COMM_WORLD", world, null));
    }

    /** Adds an intra-communicator of these world ranks; returns its id. */
    public int add(String name, int[] group) {
        all.add(new Communicator(name, group.clone(), null));
        return all.size() - 1;
    }

    /** Adds an inter-communicator; returns its id. */
    public int addInter(String name, int[] local, int[] remote) {
        all.add(new Communicator(name, local.clone(), remote.clone()));
        return all.size() - 1;
    }

    /** The job's number of ranks. */
    public int size() {
        return size;
    }

    public List<Communicator> all() {
        return Collections.unmodifiableList(all);
    }

    /** Whether {@code id} names a communicator here. */
    boolean valid(int id) {
        return id >= 0 && id < all.size();
    }

    Communicator get(int id) {
        return valid(id) ? all.get(id) : all.get(WORLD);
    }
}
