package org.qmpi4j.api.mpit;

import org.qmpi4j.api.Nullable;

/**
 * What {@link MpiT#cvarGetInfo} returns about a control variable. The same index always returns
 * the same information. Strings are whole: the text's truncation convention (Section 14.3.3) is
 * a C buffer matter; an empty description is the text's "no description".
 *
 * <p>Its first six properties are those of {@link PvarInfo} too, as the text gives both kinds of
 * variable the same metadata; the two stay separate classes, as their routines are.
 */
public final class CvarInfo {
    private final String name;
    private final Verbosity verbosity;
    private final MpitDatatype datatype;
    private final @Nullable EnumType enumType;
    private final String description;
    private final BindType bind;
    private final Scope scope;

    public CvarInfo(
            String name,
            Verbosity verbosity,
            MpitDatatype datatype,
            @Nullable EnumType enumType,
            String description,
            BindType bind,
            Scope scope) {
        this.name = name;
        this.verbosity = verbosity;
        this.datatype = datatype;
        this.enumType = enumType;
        this.description = description;
        this.bind = bind;
        this.scope = scope;
    }

    // Accessors alike in the three Info classes: sharing them would add a public superclass to the API.
    /** Unique among control variables, at least one character. */
    public String name() {
        return name;
    }

    public Verbosity verbosity() {
        return verbosity;
    }

    public MpitDatatype datatype() {
        return datatype;
    }
    /** The enumeration of an {@link MpitDatatype#INT} variable, or {@code null} ({@code MPI_T_ENUM_NULL}). */
    public @Nullable EnumType enumType() {
        return enumType;
    }
    /** The description, {@code ""} when there is none. */
    public String description() {
        return description;
    }

    public BindType bind() {
        return bind;
    }

    public Scope scope() {
        return scope;
    }

    @Override
    public String toString() {
        return name + " " + datatype + " " + scope + " bind=" + bind;
    }
}
