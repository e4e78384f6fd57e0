package org.qmpi4j.mpit.library;

import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * The C library's return codes as {@link MpitException}s. The MPI_T error classes have the same
 * numbers in the standard's {@code mpi.h} values Open MPI uses and in {@link ReturnCode}; any other
 * code the library returns (an MPI error class such as {@code MPI_ERR_ARG}, or
 * {@code MPI_T_ERR_INVALID} from routines the library does not implement) becomes
 * {@link ReturnCode#MPI_T_ERR_INVALID}, its number kept in the message.
 */
public final class LibraryCodes {
    private LibraryCodes() {}

    /** The code for a C return value, {@link ReturnCode#SUCCESS} for 0. */
    public static ReturnCode of(int rc) {
        for (ReturnCode c : ReturnCode.values()) {
            if (c.value() == rc) {
                return c;
            }
        }
        return ReturnCode.MPI_T_ERR_INVALID;
    }

    /** Throws unless {@code rc} is {@code MPI_SUCCESS}. */
    static void check(int rc, String routine, String what) {
        if (rc != 0) {
            throw failure(rc, routine, what);
        }
    }

    public static MpitException failure(int rc, String routine, String what) {
        ReturnCode code = of(rc);
        String raw = code.value() == rc ? code.name() : "library code " + rc;
        return new MpitException(code, "the MPI library's " + routine + " answered " + raw + " for " + what);
    }
}
