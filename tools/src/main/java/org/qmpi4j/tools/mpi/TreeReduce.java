package org.qmpi4j.tools.mpi;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;

/**
 * Combines one value per rank at rank 0 along a binomial tree: rank {@code r} covers the ranks
 * {@code r .. r + 2^k - 1} ({@code 2^k} the lowest set bit of {@code r}, cut at the job's size),
 * receives one partial from each child {@code r + 1, r + 2, r + 4, ...} (ascending, so the ranges
 * join in rank order), combines them after its own value and sends one partial to its parent
 * {@code r - 2^k}. Rank 0 receives {@code log2(size)} partials instead of {@code size} values, and
 * the combining is spread over the inner ranks.
 *
 * <p>Every rank sends exactly once (an empty partial if everything failed) and receives from each
 * child exactly once, so a failure on one rank never leaves another waiting: what failed is
 * reported through {@link Part#problem} and left out (its ranks then count as missing).
 */
public final class TreeReduce {
    /** Tag of the tree's messages on the tools' own communicator: below 32767, the least MPI_TAG_UB. */
    public static final int TAG = 31_417;

    /** Blocking point-to-point transfer of byte arrays on the world ({@link WorldComm} in a job). */
    public interface Links {
        int rank();

        int size();

        void send(byte[] data, int dest, int tag) throws Exception;

        byte[] recv(int source, int tag) throws Exception;
    }

    /** What is combined: a partial value, its bytes on the way, and where problems go. */
    public interface Part<T> {
        byte[] encode(T partial);

        T decode(byte[] data) throws Exception;

        /** Adds {@code child} (the partial of the next ranks up) to {@code into}. */
        void combine(T into, T child) throws Exception;

        /** Something was left out; the reduction goes on. */
        void problem(String what, Exception cause);
    }

    private TreeReduce() {}

    public static Links links(WorldComm comm) {
        return new Links() {
            @Override
            public int rank() {
                return comm.rank();
            }

            @Override
            public int size() {
                return comm.size();
            }

            @Override
            public void send(byte[] data, int dest, int tag) throws Exception {
                comm.send(data, dest, tag);
            }

            @Override
            public byte[] recv(int source, int tag) throws Exception {
                return comm.recv(source, tag);
            }
        };
    }

    /** The children of {@code rank} in a tree of {@code size} ranks, ascending. */
    static List<Integer> children(int rank, int size) {
        List<Integer> out = new ArrayList<>();
        for (int bit = 1; bit < size; bit <<= 1) {
            if ((rank & bit) != 0) {
                break;
            }
            if (rank + bit < size) {
                out.add(rank + bit);
            }
        }
        return out;
    }

    /** The parent of {@code rank} ({@code -1} for rank 0). */
    static int parent(int rank) {
        return rank == 0 ? -1 : rank - Integer.lowestOneBit(rank);
    }

    /**
     * Collective: every rank calls it with its own partial ({@code mine}, combined into in place).
     *
     * @param empty a partial covering no rank, sent upward if encoding {@code mine} fails
     * @return at rank 0, the partial covering every rank that arrived; elsewhere {@code null}
     */
    public static @Nullable <T> T run(Links links, T mine, byte[] empty, Part<T> part) throws Exception {
        int rank = links.rank();
        for (int child : children(rank, links.size())) {
            byte[] data;
            try {
                data = links.recv(child, TAG);
            } catch (Exception e) {
                part.problem("receiving the partial of ranks " + range(child, links.size()), e);
                continue;
            }
            try {
                part.combine(mine, part.decode(data));
            } catch (Exception e) {
                part.problem("combining the partial of ranks " + range(child, links.size()), e);
            }
        }
        if (rank == 0) {
            return mine;
        }
        byte[] up;
        try {
            up = part.encode(mine);
        } catch (RuntimeException e) {
            part.problem("encoding the partial of ranks " + range(rank, links.size()), e);
            up = empty;
        }
        links.send(up, parent(rank), TAG);
        return null;
    }

    /** The ranks {@code rank}'s subtree covers, as text. */
    static String range(int rank, int size) {
        int last = rank == 0 ? size - 1 : Math.min(size, rank + Integer.lowestOneBit(rank)) - 1;
        return last == rank ? String.valueOf(rank) : rank + "-" + last;
    }
}
