package org.qmpi4j.report.trace;

/**
 * An open-addressing hash table from a pair of longs to a long and a small tag, without boxing
 * (linear probing, deletion by backward shift). For the message endpoints and constraints of
 * {@link CausalityCorrection}: millions of entries at 25 bytes a slot.
 */
final class LongPairTable {
    private long[] k1;
    private long[] k2;
    private long[] values;
    private byte[] tags; // 0: empty slot
    private int size;
    private final int maxSize;

    /** @param maxSize the most entries; {@link #put} refuses more */
    LongPairTable(int maxSize) {
        this.maxSize = maxSize;
        allocate(64);
    }

    private void allocate(int capacity) {
        k1 = new long[capacity];
        k2 = new long[capacity];
        values = new long[capacity];
        tags = new byte[capacity];
    }

    int size() {
        return size;
    }

    int capacity() {
        return tags.length;
    }

    /** The slot holding ({@code a}, {@code b}), or -1. */
    int find(long a, long b) {
        int mask = tags.length - 1;
        for (int i = hash(a, b) & mask; ; i = (i + 1) & mask) {
            if (tags[i] == 0) {
                return -1;
            }
            if (k1[i] == a && k2[i] == b) {
                return i;
            }
        }
    }

    /**
     * Stores ({@code a}, {@code b}) with {@code value} and {@code tag} (not 0), replacing what it
     * held. @return {@code false} if the table is full and the key new
     */
    boolean put(long a, long b, long value, byte tag) {
        int at = find(a, b);
        if (at >= 0) {
            values[at] = value;
            tags[at] = tag;
            return true;
        }
        if (size >= maxSize) {
            return false;
        }
        if ((size + 1) * 2L > tags.length) {
            grow();
        }
        int mask = tags.length - 1;
        int i = hash(a, b) & mask;
        while (tags[i] != 0) {
            i = (i + 1) & mask;
        }
        k1[i] = a;
        k2[i] = b;
        values[i] = value;
        tags[i] = tag;
        size++;
        return true;
    }

    long value(int slot) {
        return values[slot];
    }

    byte tag(int slot) {
        return tags[slot];
    }

    long key1(int slot) {
        return k1[slot];
    }

    long key2(int slot) {
        return k2[slot];
    }

    /** Whether {@code slot} holds an entry (for iterating over 0 .. capacity - 1). */
    boolean used(int slot) {
        return tags[slot] != 0;
    }

    void remove(int slot) {
        int mask = tags.length - 1;
        int hole = slot;
        tags[hole] = 0;
        size--;
        for (int i = (hole + 1) & mask; tags[i] != 0; i = (i + 1) & mask) {
            int home = hash(k1[i], k2[i]) & mask;
            // Move entry i into the hole unless its home lies cyclically in (hole, i].
            boolean stays = hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
            if (!stays) {
                k1[hole] = k1[i];
                k2[hole] = k2[i];
                values[hole] = values[i];
                tags[hole] = tags[i];
                tags[i] = 0;
                hole = i;
            }
        }
    }

    private void grow() {
        long[] o1 = k1;
        long[] o2 = k2;
        long[] ov = values;
        byte[] ot = tags;
        allocate(ot.length * 2);
        int mask = tags.length - 1;
        for (int j = 0; j < ot.length; j++) {
            if (ot[j] != 0) {
                int i = hash(o1[j], o2[j]) & mask;
                while (tags[i] != 0) {
                    i = (i + 1) & mask;
                }
                k1[i] = o1[j];
                k2[i] = o2[j];
                values[i] = ov[j];
                tags[i] = ot[j];
            }
        }
    }

    private static int hash(long a, long b) {
        long h = a * 0x9E3779B97F4A7C15L + b;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        return (int) h;
    }
}
