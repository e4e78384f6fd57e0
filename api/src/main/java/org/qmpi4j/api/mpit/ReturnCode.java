package org.qmpi4j.api.mpit;

/**
 * The return codes of the MPI tool information interface (MPI 4.0, Table 14.5), with the numeric
 * values Open MPI 4.1's {@code mpi.h} gives them, so that a code printed by a Java tool means the
 * same as in C. Every code is unique, and {@code 0 = SUCCESS < code <= MPI_ERR_LASTCODE (92)}.
 *
 * <p>A Java routine of {@link MpiT} that returns normally has returned {@link #SUCCESS}; any other
 * code arrives as an {@link MpitException}. Errors are never fatal: the interface and MPI go on
 * working after any of them (Section 14.3.9).
 */
public enum ReturnCode {
    /** Call completed successfully. */
    SUCCESS(0),
    /** Out of memory. */
    MPI_T_ERR_MEMORY(54),
    /** Interface not initialized. */
    MPI_T_ERR_NOT_INITIALIZED(55),
    /** Interface not in the state to be initialized. */
    MPI_T_ERR_CANNOT_INIT(56),
    /** The enumeration, variable or category index is invalid. */
    MPI_T_ERR_INVALID_INDEX(57),
    /** The item index queried is out of range ({@link MpiT#enumGetItem} only). */
    MPI_T_ERR_INVALID_ITEM(58),
    /** The handle is invalid. */
    MPI_T_ERR_INVALID_HANDLE(59),
    /** No more handles available. */
    MPI_T_ERR_OUT_OF_HANDLES(60),
    /** No more sessions available. */
    MPI_T_ERR_OUT_OF_SESSIONS(61),
    /** Session argument is not a valid session. */
    MPI_T_ERR_INVALID_SESSION(62),
    /** Control variable cannot be set at this moment. */
    MPI_T_ERR_CVAR_SET_NOT_NOW(63),
    /** Control variable cannot be set until end of execution. */
    MPI_T_ERR_CVAR_SET_NEVER(64),
    /** Performance variable cannot be started or stopped. */
    MPI_T_ERR_PVAR_NO_STARTSTOP(65),
    /** Performance variable cannot be written or reset. */
    MPI_T_ERR_PVAR_NO_WRITE(66),
    /** Performance variable cannot be read and reset atomically. */
    MPI_T_ERR_PVAR_NO_ATOMIC(67),
    /** Invalid use of the interface or bad parameter values. */
    MPI_T_ERR_INVALID(72),
    /** The variable or category name is invalid. */
    MPI_T_ERR_INVALID_NAME(73);

    /** {@code MPI_ERR_LASTCODE} of Open MPI 4.1: every code is at most this. */
    public static final int MPI_ERR_LASTCODE = 92;

    private final int value;

    ReturnCode(int value) {
        this.value = value;
    }

    /** The integer a C program would see for this code. */
    public int value() {
        return value;
    }
}
