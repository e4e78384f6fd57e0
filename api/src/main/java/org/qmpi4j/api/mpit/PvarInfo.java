package org.qmpi4j.api.mpit;

import org.qmpi4j.api.Nullable;

/**
 * What {@link MpiT#pvarGetInfo} returns about a performance variable. The same index always
 * returns the same information; the pair (name, class) is unique.
 */
public final class PvarInfo {
    private final String name;
    private final Verbosity verbosity;
    private final PvarClass varClass;
    private final MpitDatatype datatype;
    private final @Nullable EnumType enumType;
    private final String description;
    private final BindType bind;
    private final boolean readonly;
    private final boolean continuous;
    private final boolean atomic;

    public PvarInfo(
            String name,
            Verbosity verbosity,
            PvarClass varClass,
            MpitDatatype datatype,
            @Nullable EnumType enumType,
            String description,
            BindType bind,
            boolean readonly,
            boolean continuous,
            boolean atomic) {
        this.name = name;
        this.verbosity = verbosity;
        this.varClass = varClass;
        this.datatype = datatype;
        this.enumType = enumType;
        this.description = description;
        this.bind = bind;
        this.readonly = readonly;
        this.continuous = continuous;
        this.atomic = atomic;
    }

    // Accessors alike in the three Info classes: sharing them would add a public superclass to the API.
    public String name() {
        return name;
    }

    public Verbosity verbosity() {
        return verbosity;
    }

    public PvarClass varClass() {
        return varClass;
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
    /** True if the variable can only be read (write and reset answer {@code MPI_T_ERR_PVAR_NO_WRITE}). */
    public boolean readonly() {
        return readonly;
    }
    /** True if the variable is always active once a handle exists and cannot be started or stopped. */
    public boolean continuous() {
        return continuous;
    }
    /** True if {@link MpiT#pvarReadReset} is allowed (atomic read and reset). */
    public boolean atomic() {
        return atomic;
    }

    @Override
    public String toString() {
        return name + " " + varClass + " " + datatype + " bind=" + bind;
    }
}
