package org.qmpi4j.tools.check;

import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * What one rank contributes to the comparison of a collective, and how the reduced result is
 * read: a fixed part ({@link #FIELDS} values: function, root, bytes, datatype, operation, and
 * whether this rank's own two sides disagree) and, for the {@code v} variants, one slot per pair
 * of ranks that the call moves data between ({@link #slots}): for {@code gatherv} and
 * {@code scatterv} the bytes between rank i and the root, for {@code allgatherv} rank i's
 * contribution, for {@code reduce_scatter} rank i's share, for {@code alltoallv} the bytes rank i
 * sends rank j. The root (or every rank, where every rank's counts matter) gives its opinion of
 * each slot from its counts array times its datatype's size, rank i of its own slot from its scalar
 * count; a slot nobody has an opinion of holds {@link #NONE}.
 *
 * <p>Every value goes into an {@code MPI_ALLREDUCE} with {@code MPI_MAX} twice, as itself and
 * negated, in one array of {@link #length} longs: where the maximum equals the negated maximum of
 * the negations, every rank that had an opinion had the same one. {@link #NONE} in both halves
 * (the smallest long) changes neither maximum.
 */
final class CollectiveRecord {
    /** Fixed values: function, root, bytes, datatype, operation, own sides disagree. */
    static final int FIELDS = 6;

    static final int FUNCTION = 0;
    static final int ROOT = 1;
    static final int BYTES = 2;
    static final int TYPE = 3;
    static final int OP = 4;
    static final int OWN_SIDES = 5;

    /** No opinion of a slot. */
    static final long NONE = Long.MIN_VALUE;

    /** Communicators above this size compare {@code alltoallv} by function alone (its slots grow as the square). */
    static final int ALLTOALLV_MAX_RANKS = 64;

    /** The size in bytes of one element of a datatype, or a negative number where it cannot be found. */
    interface Sizes {
        long of(MpiCall call, Object datatype);
    }

    private static final MpiFunction[] BLOCKING = new MpiFunction[MpiFunction.values().length];

    static {
        for (MpiFunction f : MpiFunction.values()) {
            BLOCKING[f.ordinal()] = f;
            if (f.kind() == MpiFunction.Kind.COLLECTIVE && f.name().startsWith("MPI_I")) {
                try {
                    BLOCKING[f.ordinal()] =
                            MpiFunction.valueOf("MPI_" + f.name().substring("MPI_I".length()));
                } catch (IllegalArgumentException none) {
                    // no blocking counterpart
                }
            }
        }
    }

    private CollectiveRecord() {}

    /** The blocking collective whose arguments {@code f} takes ({@code MPI_IBCAST}: {@code MPI_BCAST}); else {@code f}. */
    static MpiFunction blocking(MpiFunction f) {
        return BLOCKING[f.ordinal()];
    }

    /** How many per-rank slots {@code f} compares in a communicator of {@code size} ranks. */
    static int slots(MpiFunction f, int size) {
        switch (blocking(f)) {
            case MPI_GATHERV:
            case MPI_SCATTERV:
            case MPI_ALLGATHERV:
            case MPI_REDUCE_SCATTER:
                return size;
            case MPI_ALLTOALLV:
                return size <= ALLTOALLV_MAX_RANKS ? size * size : 0;
            default:
                return 0;
        }
    }

    /** The longs of the allreduce: values, then their negations. */
    static int length(int slots) {
        return 2 * (FIELDS + slots);
    }

    /** Whether the counts arrays of every rank matter ({@code allgatherv}, {@code reduce_scatter}), or the root's alone. */
    private static boolean everyRankCounts(MpiFunction f) {
        MpiFunction b = blocking(f);
        return b == MpiFunction.MPI_ALLGATHERV || b == MpiFunction.MPI_REDUCE_SCATTER;
    }

    /**
     * Fills {@code in} (at least {@link #length}{@code (slots)} long) with this rank's opinions of
     * the slots of a {@code v} call and its negations, and sets {@code rec[OWN_SIDES]}. The call's
     * counts arrays and their datatypes are found by the roles the binding's descriptor gives them
     * ({@link ArgumentRole#SEND_COUNTS} of {@link ArgumentRole#SEND_TYPE}, {@link
     * ArgumentRole#RECV_COUNTS} of {@link ArgumentRole#RECV_TYPE}, each else of the call's datatype),
     * its scalar side by its count and datatype.
     *
     * @param me   this rank's rank in the communicator
     * @param root the root, or -1 for a call without one
     */
    static void fillSlots(MpiCall call, int size, int me, int root, Sizes sizes, long[] rec, long[] in, int slots) {
        for (int i = 0; i < slots; i++) {
            in[FIELDS + i] = NONE;
        }
        rec[OWN_SIDES] = 0;
        if (slots == 0) {
            return;
        }
        MpiFunction f = call.function();
        boolean alltoall = blocking(f) == MpiFunction.MPI_ALLTOALLV;
        // the root's counts say what moves between it and each rank; where every rank's counts
        // matter (allgatherv, reduce_scatter), each rank's say it
        boolean ownCounts = me == root || everyRankCounts(f);
        Object type = call.datatype();
        Object sendCounts = call.argument(ArgumentRole.SEND_COUNTS);
        if (sendCounts instanceof int[] && (alltoall || ownCounts)) {
            long unit = unit(call, ArgumentRole.SEND_TYPE, type, sizes);
            int[] counts = (int[]) sendCounts;
            for (int j = 0; unit >= 0 && j < size && j < counts.length; j++) {
                // alltoallv: what this rank sends rank j, its row
                opinion(rec, in, alltoall ? me * size + j : j, counts[j] * unit);
            }
        }
        Object recvCounts = call.argument(ArgumentRole.RECV_COUNTS);
        if (recvCounts instanceof int[] && (alltoall || ownCounts)) {
            long unit = unit(call, ArgumentRole.RECV_TYPE, type, sizes);
            int[] counts = (int[]) recvCounts;
            for (int j = 0; unit >= 0 && j < size && j < counts.length; j++) {
                // alltoallv: what this rank receives from rank j, its column
                opinion(rec, in, alltoall ? j * size + me : j, counts[j] * unit);
            }
        }
        int count = call.count();
        if (!alltoall && count != MpiCall.ABSENT && type != null && me >= 0 && me < size) {
            long unit = sizes.of(call, type);
            if (unit >= 0) {
                opinion(rec, in, me, count * unit);
            }
        }
    }

    /** The bytes of one element of the datatype of {@code role}, else of {@code type}; negative if unknown. */
    private static long unit(MpiCall call, ArgumentRole role, @Nullable Object type, Sizes sizes) {
        Object t = call.argument(role);
        if (t == null) {
            t = type;
        }
        return t == null ? -1 : sizes.of(call, t);
    }

    /** This rank's opinion of slot {@code slot}; a second one that differs marks its own sides as disagreeing. */
    private static void opinion(long[] rec, long[] in, int slot, long bytes) {
        int at = FIELDS + slot;
        if (in[at] != NONE && in[at] != bytes) {
            rec[OWN_SIDES] = 1;
        }
        in[at] = bytes;
    }

    /** Puts the fixed values {@code rec} into {@code in} and negates all of the first half into the second. */
    static void negate(long[] rec, long[] in, int slots) {
        System.arraycopy(rec, 0, in, 0, FIELDS);
        int n = FIELDS + slots;
        for (int i = 0; i < n; i++) {
            in[n + i] = in[i] == NONE ? NONE : -in[i];
        }
    }

    /**
     * A record that changes no maximum: a rank that cannot describe its call takes part in the
     * comparison with it, and the other ranks compare among themselves.
     */
    static void noOpinion(long[] in, int slots) {
        java.util.Arrays.fill(in, 0, length(slots), NONE);
    }

    /** Whether the maxima {@code out} of every rank's {@code in} say that every opinion agreed. */
    static boolean agrees(long[] out, int slots) {
        int n = FIELDS + slots;
        for (int i = 0; i < n; i++) {
            long max = out[i];
            long negated = out[n + i];
            if (max == NONE && negated == NONE) {
                continue;
            }
            if (max != -negated) {
                return false;
            }
        }
        return out[OWN_SIDES] <= 0; // NONE where no rank had an opinion
    }

    /**
     * How this rank's opinions read in a finding: " with counts [8, 4] bytes by rank" for a counts
     * array, " its own 8 bytes" for its own slot alone; empty for none.
     */
    static String describeSlots(MpiFunction f, long[] in, int slots, int size, int me) {
        if (slots == 0) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        int known = 0;
        for (int i = 0; i < slots; i++) {
            if (in[FIELDS + i] != NONE) {
                known++;
            }
        }
        if (known == 0) {
            return "";
        }
        if (blocking(f) == MpiFunction.MPI_ALLTOALLV) {
            b.append(" sending bytes ").append(row(in, me * size, 1, size));
            b.append(" to ranks 0..").append(size - 1);
            b.append(" and receiving bytes ").append(row(in, me, size, size));
            return b.append(" from them").toString();
        }
        if (known == 1 && me >= 0 && me < size && in[FIELDS + me] != NONE) {
            return b.append(" with ")
                    .append(in[FIELDS + me])
                    .append(" bytes of its own")
                    .toString();
        }
        return b.append(" with counts of ")
                .append(row(in, 0, 1, slots))
                .append(" bytes for ranks 0..")
                .append(slots - 1)
                .toString();
    }

    /** At most this many values of a row are shown: a finding's record per rank has room for about 500 bytes. */
    private static final int SHOWN = 16;

    private static String row(long[] in, int from, int step, int n) {
        StringBuilder b = new StringBuilder("[");
        for (int k = 0; k < n; k++) {
            if (k == SHOWN) {
                b.append(", ...");
                break;
            }
            long v = in[FIELDS + from + k * step];
            b.append(k == 0 ? "" : ", ").append(v == NONE ? "?" : Long.toString(v));
        }
        return b.append(']').toString();
    }

    /** A datatype argument's root class (a derived datatype is the same class in both bindings). */
    static Class<?> rootClass(@Nullable Object datatype) {
        Class<?> c = datatype == null ? Object.class : datatype.getClass();
        while (c.getSuperclass() != null && c.getSuperclass() != Object.class) {
            c = c.getSuperclass();
        }
        return c;
    }
}
