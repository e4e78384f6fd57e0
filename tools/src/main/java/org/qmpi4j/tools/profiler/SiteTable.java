package org.qmpi4j.tools.profiler;

import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.Nullable;

/**
 * The accumulator of each call site, found by the identity of the site's {@link CallingAddress}
 * (the agent gives every rewritten call site one instance) and the function. An open-addressing
 * table read without locks: looking up a known site computes an identity hash and compares
 * references, so it allocates nothing and never waits. A new site is added under a lock; the
 * table grows with the number of sites, never with the number of calls.
 */
final class SiteTable {
    /** One site. Final fields: a reader that sees the slot sees it complete. */
    static final class Slot {
        final @Nullable CallingAddress address;
        final int function;
        final Accumulator accumulator;

        Slot(@Nullable CallingAddress address, int function, Accumulator accumulator) {
            this.address = address;
            this.function = function;
            this.accumulator = accumulator;
        }
    }

    /** Visits every site. */
    interface Visitor {
        void visit(@Nullable CallingAddress address, int function, Accumulator accumulator);
    }

    private volatile Slot[] slots = new Slot[64];
    private int size;

    /** The accumulator of {@code function} at {@code address}, created on first use. */
    Accumulator get(@Nullable CallingAddress address, int function, boolean sizes) {
        Slot[] t = slots;
        int mask = t.length - 1;
        for (int i = hash(address, function) & mask; ; i = (i + 1) & mask) {
            Slot s = t[i];
            if (s == null) {
                return insert(address, function, sizes);
            }
            if (s.address == address && s.function == function) {
                return s.accumulator;
            }
        }
    }

    private synchronized Accumulator insert(@Nullable CallingAddress address, int function, boolean sizes) {
        Slot[] t = slots;
        int mask = t.length - 1;
        int i = hash(address, function) & mask;
        for (; t[i] != null; i = (i + 1) & mask) {
            if (t[i].address == address && t[i].function == function) {
                return t[i].accumulator; // another thread added it meanwhile
            }
        }
        Slot s = new Slot(address, function, new Accumulator(sizes));
        if ((size + 1) * 2 > t.length) {
            Slot[] bigger = new Slot[t.length * 2];
            for (Slot old : t) {
                if (old != null) {
                    place(bigger, old);
                }
            }
            place(bigger, s);
            slots = bigger; // volatile write publishes the filled table
        } else {
            t[i] = s;
        }
        size++;
        return s.accumulator;
    }

    private static void place(Slot[] t, Slot s) {
        int mask = t.length - 1;
        int i = hash(s.address, s.function) & mask;
        while (t[i] != null) {
            i = (i + 1) & mask;
        }
        t[i] = s;
    }

    private static int hash(@Nullable CallingAddress address, int function) {
        int h = System.identityHashCode(address) * 31 + function;
        return h ^ (h >>> 16);
    }

    synchronized int size() {
        return size;
    }

    void forEach(Visitor v) {
        for (Slot s : slots) {
            if (s != null) {
                v.visit(s.address, s.function, s.accumulator);
            }
        }
    }
}
