package org.qmpi4j.api.mpit;

/** What {@link MpiT#enumGetInfo} returns: the enumeration's unique name and its number of items (at least 1). */
public final class EnumInfo {
    private final String name;
    private final int num;

    public EnumInfo(String name, int num) {
        this.name = name;
        this.num = num;
    }

    public String name() {
        return name;
    }

    /** Number of items, {@code N > 0}; items are indexed 0 to N - 1. */
    public int num() {
        return num;
    }

    @Override
    public String toString() {
        return name + "(" + num + " items)";
    }
}
