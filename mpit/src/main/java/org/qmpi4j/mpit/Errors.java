package org.qmpi4j.mpit;

import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.ReturnCode;

/** Short ways to fail with the code the text prescribes. */
final class Errors {
    private Errors() {}

    static MpitException fail(ReturnCode code, String message) {
        return new MpitException(code, message);
    }

    static MpitException invalid(String message) {
        return new MpitException(ReturnCode.MPI_T_ERR_INVALID, message);
    }

    static MpitException memory(String what, OutOfMemoryError e) {
        return new MpitException(ReturnCode.MPI_T_ERR_MEMORY, "out of memory allocating " + what, e);
    }

    /** A variable's source (a tool's code, or the agent's) failed: the call did not complete. */
    static MpitException sourceFailed(String variable, RuntimeException e) {
        if (e instanceof MpitException) {
            return (MpitException) e;
        }
        return new MpitException(ReturnCode.MPI_T_ERR_INVALID, "the source of " + variable + " failed: " + e, e);
    }
}
