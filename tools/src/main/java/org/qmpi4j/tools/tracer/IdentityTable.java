package org.qmpi4j.tools.tracer;

import java.util.Arrays;

/**
 * A table from objects, by identity, to {@code long} values, without boxing or an entry object
 * per key: open addressing with linear probing, which grows with the number of keys held, never
 * with the number of lookups. Not thread safe: its owner locks.
 */
final class IdentityTable {
    /** Returned by {@link #get} for a key not held. */
    static final long MISSING = Long.MIN_VALUE;

    private Object[] keys = new Object[16];
    private long[] values = new long[16];
    private int size;

    /** The value of {@code key}, or {@link #MISSING}. */
    long get(Object key) {
        int i = find(key);
        return keys[i] == null ? MISSING : values[i];
    }

    /** Sets the value of {@code key} (not null). */
    void put(Object key, long value) {
        int i = find(key);
        if (keys[i] == null) {
            if ((size + 1) * 2 > keys.length) {
                grow();
                i = find(key);
            }
            keys[i] = key;
            size++;
        }
        values[i] = value;
    }

    /** Removes {@code key}; returns its value, or {@link #MISSING}. */
    long remove(Object key) {
        int i = find(key);
        if (keys[i] == null) {
            return MISSING;
        }
        long v = values[i];
        keys[i] = null;
        size--;
        // Re-place the entries after it in its run, so that probing still finds them.
        int mask = keys.length - 1;
        int j = (i + 1) & mask;
        while (keys[j] != null) {
            Object k = keys[j];
            long kv = values[j];
            keys[j] = null;
            int at = find(k);
            keys[at] = k;
            values[at] = kv;
            j = (j + 1) & mask;
        }
        return v;
    }

    int size() {
        return size;
    }

    void clear() {
        Arrays.fill(keys, null);
        size = 0;
    }

    private int find(Object key) {
        int mask = keys.length - 1;
        int h = System.identityHashCode(key) * 0x9E3779B9;
        int i = (h ^ (h >>> 16)) & mask;
        while (keys[i] != null && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private void grow() {
        Object[] oldKeys = keys;
        long[] oldValues = values;
        keys = new Object[oldKeys.length * 2];
        values = new long[oldKeys.length * 2];
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != null) {
                int i = find(oldKeys[j]);
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }
}
