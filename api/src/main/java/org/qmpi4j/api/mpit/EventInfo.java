package org.qmpi4j.api.mpit;

import java.util.List;
import org.qmpi4j.api.Nullable;

/**
 * What {@link MpiT#eventGetInfo} returns about an event type: name, verbosity, the elements of its
 * data (datatypes and displacements), its enumeration, description and the kind of MPI object a
 * registration binds to. The same index always returns the same information.
 */
public final class EventInfo {
    private final String name;
    private final Verbosity verbosity;
    private final List<EventElement> elements;
    private final @Nullable EnumType enumType;
    private final String description;
    private final BindType bind;
    private final int sourceIndex;

    public EventInfo(
            String name,
            Verbosity verbosity,
            List<EventElement> elements,
            @Nullable EnumType enumType,
            String description,
            BindType bind,
            int sourceIndex) {
        this.name = name;
        this.verbosity = verbosity;
        this.elements = List.copyOf(elements);
        this.enumType = enumType;
        this.description = description;
        this.bind = bind;
        this.sourceIndex = sourceIndex;
    }

    // Accessors alike in the three Info classes: sharing them would add a public superclass to the API.
    /** Unique among event types. */
    public String name() {
        return name;
    }

    public Verbosity verbosity() {
        return verbosity;
    }

    /** The elements, in order: {@code array_of_datatypes} and {@code array_of_displacements}. */
    public List<EventElement> elements() {
        return elements;
    }

    /** {@code num_elements}. */
    public int numElements() {
        return elements.size();
    }

    /** Bytes {@link MpiT#eventCopy} needs: the end of the last element. */
    public int extent() {
        int end = 0;
        for (EventElement e : elements) {
            end = Math.max(end, e.displacement() + e.size());
        }
        return end;
    }

    /** The enumeration of the event's {@link MpitDatatype#INT} elements, or {@code null} ({@code MPI_T_ENUM_NULL}). */
    public @Nullable EnumType enumType() {
        return enumType;
    }

    /** The description, {@code ""} when there is none. */
    public String description() {
        return description;
    }

    /** The kind of object {@link MpiT#eventHandleAlloc} binds a registration to. */
    public BindType bind() {
        return bind;
    }

    /** The source that raises the event type's instances (a qmpi4j addition). */
    public int sourceIndex() {
        return sourceIndex;
    }

    @Override
    public String toString() {
        return name + " " + elements + " bind=" + bind;
    }
}
