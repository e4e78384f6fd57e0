package org.qmpi4j.tools.check;

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
     * the slots of a {@code v} call and its negations, and sets {@code rec[OWN_SIDES]}.
     *
     * @param call      the call, whose arguments are in MPI's order: send side, receive side, root
     * @param typeClass the binding's datatype class: a side ends at its datatype
     * @param me        this rank's rank in the communicator
     * @param root      the root, or -1 for a call without one
     */
    static void fillSlots(
            MpiCall call,
            Class<?> typeClass,
            int size,
            int me,
            int root,
            Sizes sizes,
            long[] rec,
            long[] in,
            int slots) {
        for (int i = 0; i < slots; i++) {
            in[FIELDS + i] = NONE;
        }
        rec[OWN_SIDES] = 0;
        if (slots == 0) {
            return;
        }
        MpiFunction f = call.function();
        MpiFunction b = blocking(f);
        // Each side is (buffer, [offset], count or counts, [displacements], datatype): its first
        // argument is its buffer (an int[] too, maybe), an int after it its count (after the offset,
        // where there is one), else its counts array is the last int[] before the datatype, or the
        // one before the last where displacements follow it.
        boolean displacements = b != MpiFunction.MPI_REDUCE_SCATTER;
        boolean buffer = true;
        Integer count = null;
        int[] last = null;
        int[] beforeLast = null;
        int vSides = 0;
        int n = call.argumentCount();
        for (int a = 0; a < n; a++) {
            Object arg = call.argument(a);
            if (buffer) {
                buffer = false;
            } else if (arg instanceof Integer) {
                count = (Integer) arg;
            } else if (arg instanceof int[]) {
                beforeLast = last;
                last = (int[]) arg;
            } else if (arg != null && typeClass.isInstance(arg)) {
                int[] counts = displacements ? (last == null ? null : beforeLast) : last;
                long unit = sizes.of(call, arg);
                if (counts != null && unit >= 0) {
                    if (b == MpiFunction.MPI_ALLTOALLV) {
                        // the first counts array sends (row me), the second receives (column me)
                        for (int j = 0; j < size && j < counts.length; j++) {
                            opinion(rec, in, vSides == 0 ? me * size + j : j * size + me, counts[j] * unit);
                        }
                    } else if (me == root || everyRankCounts(f)) {
                        for (int j = 0; j < size && j < counts.length; j++) {
                            opinion(rec, in, j, counts[j] * unit);
                        }
                    }
                    vSides++;
                } else if (counts == null && count != null && unit >= 0 && me >= 0 && me < size) {
                    opinion(rec, in, me, count * unit);
                }
                buffer = true;
                count = null;
                last = null;
                beforeLast = null;
            }
        }
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
        return out[OWN_SIDES] == 0;
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
