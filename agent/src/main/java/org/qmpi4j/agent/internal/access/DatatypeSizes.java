package org.qmpi4j.agent.internal.access;

/**
 * The sizes of the datatypes a process has used, found by the identity of the binding's datatype
 * object. Tools ask for a message's bytes on every call, so the lookup reads one array without a
 * lock and compares references: a program uses a handful of datatypes, and a linear search over
 * them costs less than hashing (and, unlike a hash map, never calls the binding's {@code equals}).
 *
 * <p>Bounded: a program that creates datatypes in a loop (and frees them) would otherwise make the
 * table grow for ever and keep freed datatypes reachable. Once full, each new datatype replaces the
 * oldest entry; sizing a datatype again only costs a call into the binding.
 */
final class DatatypeSizes {
    static final int CAPACITY = 32;
    static final long UNKNOWN = -1;

    private static final class Entry {
        final Object datatype;
        final long size;

        Entry(Object datatype, long size) {
            this.datatype = datatype;
            this.size = size;
        }
    }

    private volatile Entry[] entries = new Entry[0];
    private int oldest; // next to replace once full; guarded by this

    /** The size recorded for {@code datatype}, or {@link #UNKNOWN}. */
    long get(Object datatype) {
        for (Entry e : entries) {
            if (e.datatype == datatype) {
                return e.size;
            }
        }
        return UNKNOWN;
    }

    synchronized void put(Object datatype, long size) {
        Entry[] old = entries;
        for (Entry e : old) {
            if (e.datatype == datatype) {
                return; // another thread sized it meanwhile
            }
        }
        Entry[] updated;
        if (old.length < CAPACITY) {
            updated = java.util.Arrays.copyOf(old, old.length + 1);
            updated[old.length] = new Entry(datatype, size);
        } else {
            updated = old.clone();
            updated[oldest] = new Entry(datatype, size);
            oldest = (oldest + 1) % CAPACITY;
        }
        entries = updated; // volatile write publishes complete entries (their fields are final)
    }

    synchronized int size() {
        return entries.length;
    }
}
