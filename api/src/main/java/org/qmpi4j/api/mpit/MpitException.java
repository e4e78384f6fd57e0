package org.qmpi4j.api.mpit;

import java.util.Objects;

/**
 * An unsuccessful call of the MPI tool information interface: {@link #code()} is the return code
 * the text prescribes for the situation. Unchecked, because like in C an error is not fatal and
 * most callers only log it; catch it where a code is expected (for example
 * {@link ReturnCode#MPI_T_ERR_INVALID_NAME} when looking up a variable that may not exist).
 */
public class MpitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ReturnCode code;

    public MpitException(ReturnCode code, String message) {
        super(code + ": " + message);
        if (Objects.requireNonNull(code) == ReturnCode.SUCCESS) {
            throw new IllegalArgumentException("SUCCESS is not an error");
        }
        this.code = code;
    }

    public MpitException(ReturnCode code, String message, Throwable cause) {
        this(code, message);
        initCause(cause);
    }

    /** The return code of the failed call; never {@link ReturnCode#SUCCESS}. */
    public ReturnCode code() {
        return code;
    }
}
