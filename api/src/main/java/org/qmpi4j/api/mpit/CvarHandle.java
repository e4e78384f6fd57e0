package org.qmpi4j.api.mpit;

/**
 * A control variable bound to an MPI object ({@code MPI_T_cvar_handle}), from
 * {@link MpiT#cvarHandleAlloc}. After {@link MpiT#cvarHandleFree} it is invalid (Java cannot set
 * the caller's reference to {@code MPI_T_CVAR_HANDLE_NULL}; {@code null} plays that part).
 */
public interface CvarHandle {
    /** Number of elements of the variable's datatype for the bound object (fixed at allocation). */
    int count();
}
