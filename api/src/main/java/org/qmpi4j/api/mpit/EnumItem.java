package org.qmpi4j.api.mpit;

/** One item of an enumeration: a value and its name, unique within the enumeration. */
public final class EnumItem {
    private final int value;
    private final String name;

    public EnumItem(int value, String name) {
        this.value = value;
        this.name = name;
    }

    public int value() {
        return value;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name + "=" + value;
    }
}
