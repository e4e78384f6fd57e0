package org.qmpi4j.tools.check;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.function.Consumer;
import org.qmpi4j.api.Nullable;

/**
 * A map from objects, by identity, to values, that does not keep its keys alive: an MPI object the
 * program dropped is collected as if the checker had never seen it, and its entry goes with it.
 * Looking up allocates nothing (an identity hash and a walk of one chain); adding allocates one
 * entry. Not thread-safe: its owner synchronizes.
 *
 * @param <V> what is kept for each object
 */
final class WeakIdentityTable<V> {
    private static final class Entry<V> extends WeakReference<Object> {
        final int hash;
        V value;

        @Nullable
        Entry<V> next;

        Entry(Object key, int hash, V value, @Nullable Entry<V> next, ReferenceQueue<Object> queue) {
            super(key, queue);
            this.hash = hash;
            this.value = value;
            this.next = next;
        }
    }

    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    /** Told the value of each entry whose object was collected. */
    private final Consumer<V> collected;

    @SuppressWarnings("unchecked")
    private Entry<V>[] table = (Entry<V>[]) new Entry<?>[16];

    private int size;

    WeakIdentityTable(Consumer<V> collected) {
        this.collected = collected;
    }

    /** The value of {@code key}, or {@code null}. */
    @Nullable
    V get(Object key) {
        expunge();
        int h = System.identityHashCode(key);
        for (Entry<V> e = table[h & (table.length - 1)]; e != null; e = e.next) {
            if (e.hash == h && e.get() == key) {
                return e.value;
            }
        }
        return null;
    }

    /** Sets the value of {@code key}; returns the value it replaced, or {@code null}. */
    @Nullable
    V put(Object key, V value) {
        expunge();
        int h = System.identityHashCode(key);
        int i = h & (table.length - 1);
        for (Entry<V> e = table[i]; e != null; e = e.next) {
            if (e.hash == h && e.get() == key) {
                V old = e.value;
                e.value = value;
                return old;
            }
        }
        table[i] = new Entry<>(key, h, value, table[i], queue);
        if (++size > table.length * 3 / 4) {
            grow();
        }
        return null;
    }

    /** Forgets {@code key} (the collected callback is not told); returns its value, or {@code null}. */
    @Nullable
    V remove(Object key) {
        expunge();
        int h = System.identityHashCode(key);
        int i = h & (table.length - 1);
        Entry<V> prev = null;
        for (Entry<V> e = table[i]; e != null; prev = e, e = e.next) {
            if (e.hash == h && e.get() == key) {
                if (prev == null) {
                    table[i] = e.next;
                } else {
                    prev.next = e.next;
                }
                e.clear();
                size--;
                return e.value;
            }
        }
        return null;
    }

    /**
     * Removes every entry whose object was collected, telling {@link #collected} of each, including
     * those whose reference the JVM has cleared but not yet queued (right after a collection).
     */
    void collectedNow() {
        expunge();
        for (int i = 0; i < table.length; i++) {
            Entry<V> prev = null;
            for (Entry<V> e = table[i]; e != null; e = e.next) {
                if (e.get() == null) {
                    if (prev == null) {
                        table[i] = e.next;
                    } else {
                        prev.next = e.next;
                    }
                    size--;
                    collected.accept(e.value);
                } else {
                    prev = e;
                }
            }
        }
    }

    /** How many objects it holds (those collected but not yet noticed included). */
    int size() {
        return size;
    }

    /** Each value whose object is still alive. */
    void forEach(Consumer<V> action) {
        expunge();
        for (Entry<V> head : table) {
            for (Entry<V> e = head; e != null; e = e.next) {
                if (e.get() != null) {
                    action.accept(e.value);
                }
            }
        }
    }

    private void grow() {
        @SuppressWarnings("unchecked")
        Entry<V>[] bigger = (Entry<V>[]) new Entry<?>[table.length * 2];
        for (Entry<V> head : table) {
            Entry<V> e = head;
            while (e != null) {
                Entry<V> next = e.next;
                int i = e.hash & (bigger.length - 1);
                e.next = bigger[i];
                bigger[i] = e;
                e = next;
            }
        }
        table = bigger;
    }

    /** Removes the entries whose objects were collected, telling {@link #collected} of each. */
    @SuppressWarnings("unchecked")
    private void expunge() {
        for (Object r = queue.poll(); r != null; r = queue.poll()) {
            Entry<V> gone = (Entry<V>) r;
            int i = gone.hash & (table.length - 1);
            Entry<V> prev = null;
            for (Entry<V> e = table[i]; e != null; prev = e, e = e.next) {
                if (e == gone) {
                    if (prev == null) {
                        table[i] = e.next;
                    } else {
                        prev.next = e.next;
                    }
                    size--;
                    collected.accept(e.value);
                    break;
                }
            }
        }
    }
}
