package org.qmpi4j.tools.check;

import org.qmpi4j.api.Nullable;

/**
 * The type signature of a datatype: the sequence of basic datatypes its elements are, in order,
 * without their displacements (MPI 4.1, section 5.1: a send and its receive match when the
 * signature of what was sent is a prefix of the signature of what the receive can take). It is
 * kept as the constructors build it, a list of parts each repeated some number of times, never
 * expanded, with a polynomial hash modulo the prime 2<sup>61</sup>-1 of the whole sequence: equal
 * sequences have equal hashes however they were built (a contiguous type of 4 {@code MPI_INT} and
 * 4 {@code MPI_INT}), and the hash of {@code n} copies, of a concatenation or of a prefix is
 * computed from the parts' hashes in a number of steps that grows with the logarithm of the
 * counts, so a vector of a million structs costs what a vector of two does. Two different
 * sequences have the same hash with a probability of about their length over 2<sup>61</sup>.
 *
 * <p>Immutable; computing hashes allocates nothing.
 */
final class TypeSignature {
    /** The modulus: the Mersenne prime 2^61 - 1, so that a product reduces with shifts. */
    static final long P = (1L << 61) - 1;
    /** The base of the polynomial: a fixed odd number below {@link #P}. */
    private static final long BASE = 0x1d2b3c4f5a697887L % P;
    /** How many runs of equal basic types a description names before it says "...". */
    private static final int RUNS_SAID = 4;

    /** The signature of nothing: {@code MPI_LB}, {@code MPI_UB}, a type of no elements. */
    static final TypeSignature EMPTY = new TypeSignature(-1, "nothing", new TypeSignature[0], new long[0]);

    /** The number of basic elements. */
    final long length;
    /** The hash of the sequence of {@link #length} basic elements. */
    final long hash;
    /** {@link #BASE} to the power {@link #length}: what a hash is multiplied by when this follows it. */
    final long power;
    /** The basic type's code for a basic type, else -1. */
    final int basic;
    /**
     * The code of the predefined type this is, named {@link #text} ({@link #basic}, or a pair
     * type's such as {@code MPI_2INT}, whose signature is its two basic types), else -1.
     */
    final int code;
    /** Every element is this basic type's code; -1 if they differ, -2 if there are none. */
    final int uniform;
    /** The basic type's name ({@code MPI_INT}), or how the sequence begins ({@code 2 MPI_INT, 1 MPI_DOUBLE}). */
    final String text;

    private final TypeSignature[] parts;
    private final long[] repeats;

    private TypeSignature(int basic, String name, TypeSignature[] parts, long[] repeats) {
        this(basic, basic, name, parts, repeats);
    }

    private TypeSignature(int basic, int code, String name, TypeSignature[] parts, long[] repeats) {
        this.parts = parts;
        this.repeats = repeats;
        this.basic = basic;
        this.code = code;
        if (basic >= 0) {
            this.length = 1;
            this.hash = element(basic);
            this.power = BASE;
            this.uniform = basic;
            this.text = name;
            return;
        }
        long n = 0;
        long h = 0;
        long pw = 1;
        int u = -2;
        for (int i = 0; i < parts.length; i++) {
            TypeSignature p = parts[i];
            n = Math.addExact(n, Math.multiplyExact(p.length, repeats[i]));
            long pr = p.powerOf(repeats[i]);
            h = add(mul(h, pr), p.hashOf(repeats[i]));
            pw = mul(pw, pr);
            u = u == -2 ? p.uniform : u == p.uniform ? u : -1;
        }
        this.length = n;
        this.hash = h;
        this.power = pw;
        this.uniform = u;
        this.text = parts.length == 0 || code >= 0 ? name : describe(this);
    }

    /** The basic datatype of code {@code code} (its position in the checker's table), named {@code name}. */
    static TypeSignature basic(int code, String name) {
        if (code < 0) {
            throw new IllegalArgumentException("a basic type's code is not negative: " + code);
        }
        return new TypeSignature(code, name, new TypeSignature[0], new long[0]);
    }

    /**
     * The predefined type of code {@code code}, named {@code name}, whose signature is that of
     * {@code parts[i]} each once ({@code MPI_2INT}: two {@code MPI_INT}; {@code MPI_DOUBLE_INT}: an
     * {@code MPI_DOUBLE} and an {@code MPI_INT}).
     */
    static TypeSignature pair(int code, String name, TypeSignature first, TypeSignature second) {
        if (code < 0) {
            throw new IllegalArgumentException("a predefined type's code is not negative: " + code);
        }
        return new TypeSignature(-1, code, name, new TypeSignature[] {first, second}, new long[] {1, 1});
    }

    /**
     * The signature of {@code parts[i]} repeated {@code repeats[i]} times, one after the other
     * (a struct's blocks; a contiguous or vector type is one part). Parts of no elements and
     * repeats of 0 are left out, and a part repeated once alone is that part.
     *
     * @throws ArithmeticException if the length does not fit a {@code long}
     * @throws IllegalArgumentException for a negative repeat
     */
    static TypeSignature of(TypeSignature[] parts, long[] repeats) {
        if (parts.length != repeats.length) {
            throw new IllegalArgumentException(parts.length + " parts but " + repeats.length + " repeats");
        }
        int kept = 0;
        TypeSignature[] p = new TypeSignature[parts.length];
        long[] r = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            if (repeats[i] < 0) {
                throw new IllegalArgumentException("a negative count: " + repeats[i]);
            }
            if (repeats[i] == 0 || parts[i].length == 0) {
                continue;
            }
            if (kept > 0 && p[kept - 1] == parts[i]) {
                r[kept - 1] = Math.addExact(r[kept - 1], repeats[i]);
            } else {
                p[kept] = parts[i];
                r[kept] = repeats[i];
                kept++;
            }
        }
        if (kept == 0) {
            return EMPTY;
        }
        if (kept == 1 && r[0] == 1) {
            return p[0];
        }
        return new TypeSignature(-1, "", java.util.Arrays.copyOf(p, kept), java.util.Arrays.copyOf(r, kept));
    }

    /** {@code part} repeated {@code n} times. */
    static TypeSignature repeat(TypeSignature part, long n) {
        return of(new TypeSignature[] {part}, new long[] {n});
    }

    /** The hash of {@code n} copies of this sequence. */
    long hashOf(long n) {
        return mul(hash, geometric(power, n));
    }

    /** {@link #BASE} to the power of the length of {@code n} copies. */
    long powerOf(long n) {
        return pow(power, n);
    }

    /** The length of {@code n} copies, or -1 if it does not fit a {@code long}. */
    long lengthOf(long n) {
        if (n < 0) {
            return -1;
        }
        if (length != 0 && n > Long.MAX_VALUE / length) {
            return -1;
        }
        return length * n;
    }

    /**
     * The hash of the first {@code r} basic elements of {@code n} copies of this sequence;
     * {@code r} is at most their length.
     */
    long prefixHash(long n, long r) {
        if (r == 0 || length == 0) {
            return 0;
        }
        long whole = r / length;
        long rest = r % length;
        long h = hashOf(Math.min(whole, n));
        if (rest > 0) {
            h = add(mul(h, pow(BASE, rest)), prefix(rest));
        }
        return h;
    }

    /** The hash of the first {@code r} elements, {@code 0 < r < length}. */
    private long prefix(long r) {
        if (basic >= 0) {
            return hash;
        }
        long h = 0;
        long left = r;
        for (int i = 0; i < parts.length; i++) {
            TypeSignature p = parts[i];
            long all = p.length * repeats[i];
            if (left >= all) {
                h = add(mul(h, p.powerOf(repeats[i])), p.hashOf(repeats[i]));
                left -= all;
                if (left == 0) {
                    return h;
                }
            } else {
                long whole = left / p.length;
                long rest = left % p.length;
                h = add(mul(h, p.powerOf(whole)), p.hashOf(whole));
                if (rest > 0) {
                    h = add(mul(h, pow(BASE, rest)), p.prefix(rest));
                }
                return h;
            }
        }
        return h;
    }

    /**
     * Whether a message of {@code sentLength} basic elements whose signature hashes to
     * {@code sentHash} fits {@code n} copies of this signature: its signature is a prefix of
     * theirs (MPI lets a receive be longer than the message it gets).
     */
    boolean takes(long sentHash, long sentLength, long n) {
        long mine = lengthOf(n);
        if (sentLength < 0 || (mine >= 0 && sentLength > mine)) {
            return false;
        }
        return prefixHash(n, sentLength) == sentHash;
    }

    /** How {@code n} copies read in a finding: {@code 4 MPI_INT}, {@code 2 x (1 MPI_INT, 1 MPI_DOUBLE)}. */
    String describe(long n) {
        if (code >= 0) {
            return n + " " + text;
        }
        if (uniform >= 0 && lengthOf(n) >= 0) {
            return lengthOf(n) + " " + uniformName();
        }
        return n == 1 ? text : n + " x (" + text + ")";
    }

    private String uniformName() {
        TypeSignature t = this;
        while (t.basic < 0) {
            t = t.parts[0];
        }
        return t.text;
    }

    // ---- description: the first runs of equal basic types ------------------------------------------

    private static String describe(TypeSignature t) {
        Runs runs = new Runs();
        runs.add(t, 1);
        return runs.toString();
    }

    /** Runs of equal basic types, merged as they come, until {@link #RUNS_SAID} are said. */
    private static final class Runs {
        final StringBuilder out = new StringBuilder();

        @Nullable
        String name;

        long count;
        int said;
        boolean more;

        /** Adds {@code n} copies of {@code t}; false once enough is said. */
        boolean add(TypeSignature t, long n) {
            if (more || n == 0 || t.length == 0) {
                return !more;
            }
            if (t.uniform >= 0) {
                long len = t.lengthOf(n);
                run(nameOfUniform(t), len < 0 ? Long.MAX_VALUE : len);
                return !more;
            }
            // not uniform: each copy adds a run, so this ends after RUNS_SAID copies at most
            for (long c = 0; c < n; c++) {
                for (int i = 0; i < t.parts.length; i++) {
                    if (!add(t.parts[i], t.repeats[i])) {
                        return false;
                    }
                }
            }
            return !more;
        }

        private static String nameOfUniform(TypeSignature t) {
            return t.uniformName();
        }

        private void run(String basic, long n) {
            if (basic.equals(name)) {
                count = count > Long.MAX_VALUE - n ? Long.MAX_VALUE : count + n;
                return;
            }
            flush();
            if (said == RUNS_SAID) {
                more = true;
                return;
            }
            name = basic;
            count = n;
        }

        private void flush() {
            if (name != null) {
                out.append(out.length() == 0 ? "" : ", ")
                        .append(count)
                        .append(' ')
                        .append(name);
                said++;
                name = null;
            }
        }

        @Override
        public String toString() {
            flush();
            return more ? out + ", ..." : out.toString();
        }
    }

    // ---- arithmetic modulo P ------------------------------------------------------------------------

    /** The value a basic type of code {@code code} contributes: spread over [1, P). */
    private static long element(int code) {
        long x = (code + 1L) * 0x9e3779b97f4a7c15L;
        x ^= x >>> 29;
        x = (x & P) % (P - 1);
        return x + 1;
    }

    static long add(long a, long b) {
        long s = a + b;
        return s >= P ? s - P : s;
    }

    static long mul(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        long r = (lo & P) + ((lo >>> 61) | (hi << 3));
        r = (r & P) + (r >>> 61);
        return r >= P ? r - P : r;
    }

    static long pow(long x, long n) {
        long result = 1;
        long b = x;
        long e = n;
        while (e > 0) {
            if ((e & 1) != 0) {
                result = mul(result, b);
            }
            b = mul(b, b);
            e >>>= 1;
        }
        return result;
    }

    /** 1 + x + x^2 + ... + x^(n-1), modulo P. */
    static long geometric(long x, long n) {
        long sum = 0; // the sum of the first m powers, m the bits of n read so far
        long pw = 1; // x^m
        for (int bit = 63 - Long.numberOfLeadingZeros(Math.max(n, 1)); bit >= 0 && n > 0; bit--) {
            sum = add(sum, mul(sum, pw)); // m -> 2m
            pw = mul(pw, pw);
            if (((n >>> bit) & 1) != 0) { // 2m -> 2m + 1
                sum = add(sum, pw);
                pw = mul(pw, x);
            }
        }
        return sum;
    }
}
