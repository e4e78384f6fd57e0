package org.qmpi4j.agent.internal.access;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DatatypeSizesTest {
    /** Equal but distinct objects: the binding's datatypes are told apart by identity only. */
    private static final class Type {
        @Override
        public boolean equals(Object o) {
            return o instanceof Type;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    @Test
    void findsSizesByIdentity() {
        DatatypeSizes sizes = new DatatypeSizes();
        Type a = new Type();
        Type b = new Type();
        assertThat(sizes.get(a)).isEqualTo(DatatypeSizes.UNKNOWN);
        sizes.put(a, 4);
        sizes.put(b, 8);
        sizes.put(a, 99); // already known: kept
        assertThat(sizes.get(a)).isEqualTo(4);
        assertThat(sizes.get(b)).isEqualTo(8);
        assertThat(sizes.get(new Type())).isEqualTo(DatatypeSizes.UNKNOWN);
    }

    @Test
    void staysBoundedReplacingTheOldest() {
        DatatypeSizes sizes = new DatatypeSizes();
        Object[] types = new Object[DatatypeSizes.CAPACITY + 5];
        for (int i = 0; i < types.length; i++) {
            types[i] = new Object();
            sizes.put(types[i], i);
        }
        assertThat(sizes.size()).isEqualTo(DatatypeSizes.CAPACITY);
        for (int i = 0; i < 5; i++) {
            assertThat(sizes.get(types[i])).as("replaced entry %d", i).isEqualTo(DatatypeSizes.UNKNOWN);
        }
        for (int i = 5; i < types.length; i++) {
            assertThat(sizes.get(types[i])).isEqualTo(i);
        }
    }
}
