package org.qmpi4j.mpit.library;

import com.sun.jna.Pointer;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.Scope;
import org.qmpi4j.api.mpit.Verbosity;

/** A control variable as the MPI library describes it ({@code MPI_T_cvar_get_info}). */
public final class LibraryCvar {
    /** The library's own index. */
    public final int index;

    public final String name;
    public final Verbosity verbosity;
    /** The Java datatype ({@code MPI_C_BOOL} shows as {@code INT}). */
    public final MpitDatatype datatype;

    final NativeType nativeType;
    /** The library's {@code MPI_T_enum}, or {@code null} for {@code MPI_T_ENUM_NULL}. */
    public final @Nullable Pointer enumType;

    public final String description;
    public final BindType bind;
    public final Scope scope;

    LibraryCvar(
            int index,
            String name,
            Verbosity verbosity,
            NativeType nativeType,
            @Nullable Pointer enumType,
            String description,
            BindType bind,
            Scope scope) {
        this.index = index;
        this.name = name;
        this.verbosity = verbosity;
        this.datatype = nativeType.java;
        this.nativeType = nativeType;
        this.enumType = enumType;
        this.description = description;
        this.bind = bind;
        this.scope = scope;
    }
}
