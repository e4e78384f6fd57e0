package org.qmpi4j.mpit;

import java.util.concurrent.CopyOnWriteArrayList;

/** A category: members are only ever appended, so their order never changes. */
final class Category {
    final int index;
    final String name;
    final String description;
    final CopyOnWriteArrayList<Integer> cvars = new CopyOnWriteArrayList<>();
    final CopyOnWriteArrayList<Integer> pvars = new CopyOnWriteArrayList<>();
    final CopyOnWriteArrayList<Integer> categories = new CopyOnWriteArrayList<>();
    final CopyOnWriteArrayList<Integer> events = new CopyOnWriteArrayList<>();
    /** For a category of the MPI library: how many of its members of each kind were taken in. */
    int cvarsSeen;

    int pvarsSeen;
    int categoriesSeen;

    Category(int index, String name, String description) {
        this.index = index;
        this.name = name;
        this.description = description;
    }

    static int[] toArray(CopyOnWriteArrayList<Integer> list) {
        Object[] snapshot = list.toArray();
        int[] out = new int[snapshot.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (Integer) snapshot[i];
        }
        return out;
    }
}
