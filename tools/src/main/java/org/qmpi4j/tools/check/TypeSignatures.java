package org.qmpi4j.tools.check;

import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;

/**
 * The type signature of every datatype this process knows, by the binding's datatype object: the
 * basic ones the binding predefines, and each derived one from the call that made it, as it
 * returned. What a constructor's signature is made of comes from the roles its descriptor line
 * names ({@link ArgumentRole#DATATYPE}: the old type, or a struct's array of them;
 * {@link ArgumentRole#BLOCKS}: the number of blocks; {@link ArgumentRole#BLOCK_LENGTH}: a block
 * length, or each block's), the same for every constructor and binding: the new signature is the
 * old one repeated blocks times the block length (their sum for an array), or the struct's types
 * each repeated its block length times; displacements, strides, bounds and extents do not count.
 * A type freed is forgotten, and one whose signature cannot be known (a constructor whose line
 * names no old type, a length beyond a {@code long}) is not in the table: messages of it are not
 * compared.
 *
 * <p>The table is changed only when a type is made or freed; calls look up their types in it,
 * which allocates nothing.
 */
final class TypeSignatures {
    /** The binding constants of the basic datatypes; a signature carries a type's position here. */
    static final String[] BASIC = {
        "BYTE",
        "CHAR",
        "SHORT",
        "BOOLEAN",
        "INT",
        "LONG",
        "FLOAT",
        "DOUBLE",
        "PACKED",
        "OBJECT",
        "INT2",
        "SHORT_INT",
        "LONG_INT",
        "FLOAT_INT",
        "DOUBLE_INT",
        "FLOAT_COMPLEX",
        "DOUBLE_COMPLEX"
    };
    /** The code of {@code MPI_PACKED}, which matches any signature. */
    static final int PACKED = 8;
    /**
     * The pair types (for {@code MPI_MAXLOC} and {@code MPI_MINLOC}) by code, with the codes of
     * their two basic types: their signatures are those two (MPI 4.1, section 6.9.4), so 2
     * {@code MPI_INT} match one {@code MPI_2INT}.
     */
    private static final int[][] PAIRS = {
        {10, 4, 4}, // INT2: int, int
        {11, 2, 4}, // SHORT_INT: short, int
        {12, 5, 4}, // LONG_INT: long, int
        {13, 6, 4}, // FLOAT_INT: float, int
        {14, 7, 4} // DOUBLE_INT: double, int
    };
    /** Markers that are part of no signature (mpiJava's {@code MPI.LB} and {@code MPI.UB}). */
    private static final String[] MARKERS = {"LB", "UB"};

    private final WeakIdentityTable<TypeSignature> table = new WeakIdentityTable<>(gone -> {});

    /** The basic types of the binding of tool {@code toolId}. */
    TypeSignatures(int toolId) {
        TypeSignature[] basics = predefined();
        for (int i = 0; i < BASIC.length; i++) {
            Object t = constant(toolId, BASIC[i]);
            if (t != null) {
                table.put(t, basics[i]);
            }
        }
        for (String marker : MARKERS) {
            Object t = constant(toolId, marker);
            if (t != null) {
                table.put(t, TypeSignature.EMPTY);
            }
        }
    }

    /** For tests: a table of no type, filled with {@link #put}. */
    TypeSignatures() {}

    /** The signature of each type of {@link #BASIC}, by code: the basic ones, then the pairs of them. */
    static TypeSignature[] predefined() {
        TypeSignature[] all = new TypeSignature[BASIC.length];
        for (int i = 0; i < BASIC.length; i++) {
            all[i] = TypeSignature.basic(i, "MPI_" + BASIC[i]);
        }
        for (int[] p : PAIRS) {
            all[p[0]] = TypeSignature.pair(p[0], "MPI_" + BASIC[p[0]], all[p[1]], all[p[2]]);
        }
        return all;
    }

    private static @Nullable Object constant(int toolId, String name) {
        try {
            return Qmpi.bindingConstant(toolId, name);
        } catch (RuntimeException absent) {
            return null; // the binding has no such constant
        }
    }

    /** The signature of {@code type}, or {@code null} if it is not known. */
    @Nullable
    synchronized TypeSignature of(@Nullable Object type) {
        return type == null ? null : table.get(type);
    }

    synchronized void put(Object type, TypeSignature signature) {
        table.put(type, signature);
    }

    /** The name of a predefined {@code type} ({@code MPI_INT}), else {@code "derived"}. */
    String nameOf(@Nullable Object type) {
        TypeSignature s = of(type);
        return s != null && s.code >= 0 ? s.text : "derived";
    }

    /** Whether {@code f} makes or frees a datatype: {@link #after} looks at it. */
    static boolean follows(MpiFunction f) {
        return f == MpiFunction.MPI_TYPE_FREE || ObjectCalls.creates(f) == ObjectCalls.Kind.DATATYPE;
    }

    /** After {@code call} (one this {@link #follows}) returned: the type it made, or the one it freed, forgotten. */
    void after(MpiCall call) {
        MpiFunction f = call.function();
        if (f == MpiFunction.MPI_TYPE_FREE) {
            Object freed = call.receiver();
            if (freed != null) {
                synchronized (this) {
                    table.remove(freed);
                }
            }
            return;
        }
        Object made = call.result();
        if (made == null || !follows(f)) {
            return;
        }
        TypeSignature s;
        try {
            s = signature(call);
        } catch (ArithmeticException | ClassCastException | IllegalArgumentException unknown) {
            s = null; // a length beyond a long, or roles of another shape: not compared
        }
        synchronized (this) {
            if (s == null) {
                table.remove(made); // a binding may hand out an object it gave out before
            } else {
                table.put(made, s);
            }
        }
    }

    /** The signature of the type {@code call} makes, from its roles; {@code null} if unknown. */
    @Nullable
    TypeSignature signature(MpiCall call) {
        Object old = call.argument(ArgumentRole.DATATYPE);
        Object blockLength = call.argument(ArgumentRole.BLOCK_LENGTH);
        if (old instanceof Object[]) {
            Object[] types = (Object[]) old;
            int[] lengths = (int[]) blockLength;
            if (lengths == null || lengths.length < types.length) {
                return null;
            }
            TypeSignature[] parts = new TypeSignature[types.length];
            long[] repeats = new long[types.length];
            for (int i = 0; i < types.length; i++) {
                parts[i] = of(types[i]);
                if (parts[i] == null) {
                    return null;
                }
                repeats[i] = lengths[i];
            }
            return TypeSignature.of(parts, repeats);
        }
        TypeSignature base = of(old);
        if (base == null) {
            return null;
        }
        Object blocks = call.argument(ArgumentRole.BLOCKS);
        long n = blocks == null ? 1 : (Integer) blocks;
        long each;
        if (blockLength == null) {
            each = 1;
        } else if (blockLength instanceof int[]) {
            each = 0;
            for (int b : (int[]) blockLength) {
                each = Math.addExact(each, b);
            }
        } else {
            each = (Integer) blockLength;
        }
        return TypeSignature.repeat(base, Math.multiplyExact(n, each));
    }
}
