package org.qmpi4j.tools.tracer;

/**
 * Counters keyed by a {@code long}, without boxing: {@link #next} returns 0, 1, 2, ... for each
 * key. An open-addressing table that grows with the number of distinct keys (peer and tag
 * pairs), never with the number of calls.
 */
final class LongCounters {
    private long[] keys = new long[64];
    private long[] values = new long[64];
    private boolean[] used = new boolean[64];
    private int size;

    /** The current count of {@code key}, which is then incremented. */
    synchronized long next(long key) {
        int i = find(key);
        if (!used[i]) {
            if ((size + 1) * 2 > keys.length) {
                grow();
                i = find(key);
            }
            used[i] = true;
            keys[i] = key;
            size++;
        }
        return values[i]++;
    }

    private int find(long key) {
        int mask = keys.length - 1;
        long h = key * 0x9E3779B97F4A7C15L;
        int i = (int) (h ^ (h >>> 32)) & mask;
        while (used[i] && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldValues = values;
        boolean[] oldUsed = used;
        keys = new long[oldKeys.length * 2];
        values = new long[oldKeys.length * 2];
        used = new boolean[oldKeys.length * 2];
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldUsed[j]) {
                int i = find(oldKeys[j]);
                used[i] = true;
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }

    /** The key of a message envelope: peer rank and tag. */
    static long envelope(int peer, int tag) {
        return ((long) tag << 32) | (peer & 0xffffffffL);
    }
}
