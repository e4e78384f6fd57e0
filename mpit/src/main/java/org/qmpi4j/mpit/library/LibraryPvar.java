package org.qmpi4j.mpit.library;

import com.sun.jna.Pointer;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.Verbosity;

/** A performance variable as the MPI library describes it ({@code MPI_T_pvar_get_info}). */
public final class LibraryPvar {
    /** The library's own index. */
    public final int index;

    public final String name;
    public final Verbosity verbosity;
    public final PvarClass varClass;
    /** The Java datatype ({@code MPI_C_BOOL} shows as {@code INT}). */
    public final MpitDatatype datatype;

    final NativeType nativeType;
    /** The library's {@code MPI_T_enum}, or {@code null} for {@code MPI_T_ENUM_NULL}. */
    public final @Nullable Pointer enumType;

    public final String description;
    public final BindType bind;
    public final boolean readonly;
    public final boolean continuous;
    public final boolean atomic;

    LibraryPvar(
            int index,
            String name,
            Verbosity verbosity,
            PvarClass varClass,
            NativeType nativeType,
            @Nullable Pointer enumType,
            String description,
            BindType bind,
            boolean readonly,
            boolean continuous,
            boolean atomic) {
        // Fields like PvarInfo's, but the library's enumeration is a native pointer, not an EnumType: not one class.
        this.index = index;
        this.name = name;
        this.verbosity = verbosity;
        this.varClass = varClass;
        this.datatype = nativeType.java;
        this.nativeType = nativeType;
        this.enumType = enumType;
        this.description = description;
        this.bind = bind;
        this.readonly = readonly;
        this.continuous = continuous;
        this.atomic = atomic;
    }
}
