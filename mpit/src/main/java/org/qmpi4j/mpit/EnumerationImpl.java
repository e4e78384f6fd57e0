package org.qmpi4j.mpit;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;

/** An enumeration of one registry: a unique name and at least one uniquely named item. */
final class EnumerationImpl implements EnumType {
    final VariableTables owner;
    final String name;
    final List<EnumItem> items;

    EnumerationImpl(VariableTables owner, String name, List<EnumItem> items) {
        this.owner = owner;
        this.name = name;
        // Check before copying: List.copyOf would throw a bare NullPointerException for a null item,
        // where the caller must get MPI_T_ERR_INVALID.
        Set<String> names = new HashSet<>();
        for (EnumItem item : items) {
            if (item == null || item.name() == null || item.name().isEmpty()) {
                throw Errors.invalid("enumeration " + name + ": every item needs a name");
            }
            if (!names.add(item.name())) {
                throw Errors.invalid("enumeration " + name + ": item name " + item.name() + " appears twice");
            }
        }
        if (items.isEmpty()) {
            throw Errors.invalid("enumeration " + name + " needs at least one item");
        }
        this.items = List.copyOf(items);
    }

    /** The name of the item with {@code value}, or the number itself. */
    String nameOf(int value) {
        for (EnumItem item : items) {
            if (item.value() == value) {
                return item.name();
            }
        }
        return Integer.toString(value);
    }

    @Override
    public String toString() {
        return name;
    }
}
