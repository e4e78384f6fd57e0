package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Type signatures as the datatype constructors compose them: equal sequences of basic types have
 * equal hashes however they were built, nested and repeated parts are never expanded (a count of
 * 2^40 costs what a count of 2 does), and a message matches a receive when its sequence is a
 * prefix of the receive's. Each case is checked against the sequence written out element by
 * element (small ones), with an independent hash of it.
 */
class TypeSignatureTest {
    private static final TypeSignature INT = TypeSignature.basic(4, "MPI_INT");
    private static final TypeSignature DOUBLE = TypeSignature.basic(7, "MPI_DOUBLE");
    private static final TypeSignature FLOAT = TypeSignature.basic(6, "MPI_FLOAT");

    /** The hash of a sequence written out: the polynomial of its elements' values, one at a time. */
    private static long expanded(List<TypeSignature> seq) {
        long h = 0;
        for (TypeSignature t : seq) {
            h = TypeSignature.add(TypeSignature.mul(h, INT.power), t.hash); // a basic type's power is the base
        }
        return h;
    }

    private static List<TypeSignature> times(List<TypeSignature> part, int n) {
        List<TypeSignature> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.addAll(part);
        }
        return out;
    }

    @Test
    void equalSequencesHashEqualHoweverBuilt() {
        TypeSignature contiguous4 = TypeSignature.repeat(INT, 4);
        TypeSignature vector2x2 = TypeSignature.repeat(TypeSignature.repeat(INT, 2), 2);
        TypeSignature struct = TypeSignature.of(new TypeSignature[] {INT, INT, INT}, new long[] {1, 2, 1});
        assertThat(contiguous4.hash)
                .isEqualTo(vector2x2.hash)
                .isEqualTo(struct.hash)
                .isEqualTo(INT.hashOf(4));
        assertThat(contiguous4.hash).isEqualTo(expanded(times(List.of(INT), 4)));
        assertThat(contiguous4.length).isEqualTo(4);
        assertThat(contiguous4.describe(1)).isEqualTo("4 MPI_INT");
        assertThat(contiguous4.describe(3)).isEqualTo("12 MPI_INT");

        // the same size, another type map: two ints are not a double, an int and a double not a double and an int
        assertThat(TypeSignature.repeat(INT, 2).hash).isNotEqualTo(DOUBLE.hash);
        TypeSignature intDouble = TypeSignature.of(new TypeSignature[] {INT, DOUBLE}, new long[] {1, 1});
        TypeSignature doubleInt = TypeSignature.of(new TypeSignature[] {DOUBLE, INT}, new long[] {1, 1});
        assertThat(intDouble.hash).isNotEqualTo(doubleInt.hash);
        assertThat(intDouble.hash).isEqualTo(expanded(List.of(INT, DOUBLE)));
        assertThat(intDouble.describe(1)).isEqualTo("1 MPI_INT, 1 MPI_DOUBLE");
        assertThat(TypeSignature.repeat(INT, 2).hash).isNotEqualTo(TypeSignature.repeat(FLOAT, 2).hash);
    }

    @Test
    void nestedTypesComposeAsTheirSequences() {
        // struct { 2 int, 1 double }, a vector of 3 blocks of 2 of them, a struct of that and a float
        TypeSignature pair = TypeSignature.of(new TypeSignature[] {INT, DOUBLE}, new long[] {2, 1});
        TypeSignature vector = TypeSignature.repeat(pair, 3 * 2);
        TypeSignature outer = TypeSignature.of(new TypeSignature[] {vector, FLOAT, pair}, new long[] {2, 3, 1});
        List<TypeSignature> pairSeq = List.of(INT, INT, DOUBLE);
        List<TypeSignature> seq = new ArrayList<>(times(times(pairSeq, 6), 2));
        seq.addAll(times(List.of(FLOAT), 3));
        seq.addAll(pairSeq);
        assertThat(outer.length).isEqualTo(seq.size());
        assertThat(outer.hash).isEqualTo(expanded(seq));
        assertThat(outer.hashOf(3)).isEqualTo(expanded(times(seq, 3)));
        for (int r = 0; r <= 3 * seq.size(); r++) {
            assertThat(outer.prefixHash(3, r))
                    .as("prefix of %d", r)
                    .isEqualTo(expanded(times(seq, 3).subList(0, r)));
        }
        assertThat(outer.describe(1)).isEqualTo("2 MPI_INT, 1 MPI_DOUBLE, 2 MPI_INT, 1 MPI_DOUBLE, ...");
    }

    @Test
    void randomTypesAgreeWithTheirExpandedSequences() {
        Random random = new Random(41);
        TypeSignature[] basics = {INT, DOUBLE, FLOAT};
        for (int round = 0; round < 200; round++) {
            List<TypeSignature> parts = new ArrayList<>();
            List<List<TypeSignature>> seqs = new ArrayList<>();
            for (TypeSignature b : basics) {
                parts.add(b);
                seqs.add(List.of(b));
            }
            for (int depth = 0; depth < 4; depth++) {
                int k = 1 + random.nextInt(3);
                TypeSignature[] p = new TypeSignature[k];
                long[] reps = new long[k];
                List<TypeSignature> seq = new ArrayList<>();
                for (int i = 0; i < k; i++) {
                    int pick = random.nextInt(parts.size());
                    p[i] = parts.get(pick);
                    reps[i] = random.nextInt(3);
                    seq.addAll(times(seqs.get(pick), (int) reps[i]));
                }
                if (seq.size() > 200) {
                    break;
                }
                TypeSignature t = TypeSignature.of(p, reps);
                assertThat(t.length).isEqualTo(seq.size());
                assertThat(t.hash).isEqualTo(expanded(seq));
                for (int r = 0; r <= seq.size(); r++) {
                    assertThat(t.prefixHash(1, r)).isEqualTo(expanded(seq.subList(0, r)));
                }
                parts.add(t);
                seqs.add(seq);
            }
        }
    }

    @Test
    void hugeCountsAreNeverExpanded() {
        long big = 1L << 40;
        TypeSignature pair = TypeSignature.of(new TypeSignature[] {INT, DOUBLE}, new long[] {1, 1});
        TypeSignature huge = TypeSignature.repeat(TypeSignature.repeat(pair, big), 1 << 20);
        assertThat(huge.length).isEqualTo(2 * big * (1 << 20));
        // the same sequence built the other way round
        TypeSignature same = TypeSignature.repeat(TypeSignature.repeat(pair, 1 << 20), big);
        assertThat(huge.hash).isEqualTo(same.hash);
        assertThat(huge.hashOf(3)).isEqualTo(pair.hashOf(3 * big * (1 << 20)));
        // a prefix ending inside a pair
        assertThat(huge.prefixHash(2, huge.length + 1)).isEqualTo(same.prefixHash(2, huge.length + 1));
        assertThat(huge.takes(pair.hashOf(5), 10, 1)).isTrue();
        assertThat(huge.describe(1)).isEqualTo("1 MPI_INT, 1 MPI_DOUBLE, 1 MPI_INT, 1 MPI_DOUBLE, ...");
        assertThat(TypeSignature.repeat(TypeSignature.repeat(INT, big), 1 << 20).describe(4))
                .isEqualTo((4 * big * (1 << 20)) + " MPI_INT");
        // beyond a long: refused (the table then does not know the type)
        assertThatThrownBy(() -> TypeSignature.repeat(TypeSignature.repeat(INT, big), big))
                .isInstanceOf(ArithmeticException.class);
        assertThat(huge.lengthOf(Long.MAX_VALUE)).isEqualTo(-1);
    }

    @Test
    void aMessageMatchesAReceiveWhoseSignatureItBegins() {
        TypeSignature vectorOfInt = TypeSignature.repeat(INT, 2 * 3); // vector(2 blocks of 3 ints): 6 ints
        TypeSignature six = TypeSignature.repeat(INT, 6);
        // a strided vector sent, received as contiguous ints of the same count
        assertThat(INT.takes(vectorOfInt.hashOf(1), vectorOfInt.lengthOf(1), 6)).isTrue();
        assertThat(six.takes(vectorOfInt.hashOf(2), vectorOfInt.lengthOf(2), 2)).isTrue();
        // a receive longer than the message is allowed; a shorter one is not
        assertThat(INT.takes(vectorOfInt.hashOf(1), 6, 100)).isTrue();
        assertThat(INT.takes(vectorOfInt.hashOf(1), 6, 5)).isFalse();
        // a vector of ints into floats of the same size
        assertThat(FLOAT.takes(vectorOfInt.hashOf(1), 6, 6)).isFalse();
        // a struct of an int and a double, received as a struct of a contiguous int and a contiguous double
        TypeSignature intDouble = TypeSignature.of(new TypeSignature[] {INT, DOUBLE}, new long[] {1, 1});
        TypeSignature nested = TypeSignature.of(
                new TypeSignature[] {TypeSignature.repeat(INT, 1), TypeSignature.repeat(DOUBLE, 1)}, new long[] {1, 1});
        assertThat(nested.takes(intDouble.hashOf(3), 6, 3)).isTrue();
        TypeSignature doubleInt = TypeSignature.of(new TypeSignature[] {DOUBLE, INT}, new long[] {1, 1});
        assertThat(doubleInt.takes(intDouble.hashOf(3), 6, 3)).isFalse();
        // an int and a double received into a type that begins with them, of which a part is received
        TypeSignature longer = TypeSignature.of(new TypeSignature[] {intDouble, FLOAT}, new long[] {1, 1});
        assertThat(longer.takes(intDouble.hashOf(1), 2, 1)).isTrue();
        assertThat(longer.takes(intDouble.hashOf(2), 4, 2))
                .isFalse(); // int, double, int, double vs int, double, float, ...
        // nothing matches anything longer than nothing
        assertThat(TypeSignature.EMPTY.takes(INT.hash, 1, 10)).isFalse();
        assertThat(TypeSignature.EMPTY.takes(0, 0, 10)).isTrue();
    }

    @Test
    void arithmeticModuloTheMersennePrime() {
        long p = TypeSignature.P;
        java.math.BigInteger bp = java.math.BigInteger.valueOf(p);
        Random random = new Random(7);
        for (int i = 0; i < 1000; i++) {
            long a = Math.floorMod(random.nextLong(), p);
            long b = Math.floorMod(random.nextLong(), p);
            assertThat(TypeSignature.mul(a, b))
                    .isEqualTo(java.math.BigInteger.valueOf(a)
                            .multiply(java.math.BigInteger.valueOf(b))
                            .mod(bp)
                            .longValue());
            long n = random.nextInt(1000);
            java.math.BigInteger sum = java.math.BigInteger.ZERO;
            java.math.BigInteger x = java.math.BigInteger.ONE;
            for (int k = 0; k < n; k++) {
                sum = sum.add(x);
                x = x.multiply(java.math.BigInteger.valueOf(a)).mod(bp);
            }
            assertThat(TypeSignature.geometric(a, n)).isEqualTo(sum.mod(bp).longValue());
            assertThat(TypeSignature.pow(a, n)).isEqualTo(x.longValue());
        }
    }

    @Test
    void pairTypesAreTheirTwoBasicTypes() {
        TypeSignature[] predefined = TypeSignatures.predefined();
        TypeSignature int2 = predefined[10];
        TypeSignature doubleInt = predefined[14];
        assertThat(int2.text).isEqualTo("MPI_INT2");
        assertThat(int2.code).isEqualTo(10);
        assertThat(int2.basic).isEqualTo(-1);
        assertThat(int2.hash).isEqualTo(INT.hashOf(2));
        assertThat(int2.describe(3)).isEqualTo("3 MPI_INT2");
        assertThat(int2.takes(INT.hashOf(4), 4, 2))
                .as("4 MPI_INT into 2 MPI_2INT")
                .isTrue();
        assertThat(doubleInt.hash).isEqualTo(expanded(List.of(DOUBLE, INT)));
        assertThat(doubleInt.takes(DOUBLE.hashOf(2), 2, 2))
                .as("2 MPI_DOUBLE into 2 MPI_DOUBLE_INT")
                .isFalse();
        assertThat(predefined[4].hash).isEqualTo(INT.hash);
        assertThat(predefined[4].text).isEqualTo("MPI_INT");
    }
}
