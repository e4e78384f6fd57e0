package org.qmpi4j.api.mpit;

/**
 * A control variable bound to one object, as its source sees it. Values travel as the datatype's
 * Java form: {@code int[]}, {@code long[]} or {@code double[]} of {@link #count()} elements, or a
 * {@link String} for {@link MpitDatatype#CHAR} (the registry converts to and from the user's
 * NUL-terminated {@code byte[]}).
 */
public interface CvarCell {
    /** Elements of the value; for {@link MpitDatatype#CHAR}, the longest valid value in UTF-8 bytes plus one. */
    int count();

    /** The current value. */
    Object read();

    /**
     * Sets the value. Throw {@link MpitException} with {@link ReturnCode#MPI_T_ERR_CVAR_SET_NOT_NOW}
     * if it cannot be set now but may be later, {@link ReturnCode#MPI_T_ERR_CVAR_SET_NEVER} if it can
     * never be set again, {@link ReturnCode#MPI_T_ERR_INVALID} for a value out of range. Only called
     * for variables whose scope may be writable.
     */
    void write(Object value);

    /** The handle was freed. */
    default void free() {}
}
