package org.qmpi4j.api.mpit;

/**
 * The MPI datatypes the tool information interface uses (Table 14.3), and the Java array that
 * holds values of each type in {@code read}/{@code write} calls. A variable's value is
 * {@code count} elements, {@code count} being what the handle allocation returned for the bound
 * object; the buffer must have at least that many.
 *
 * <p>Java has no unsigned integers: unsigned values arrive in the signed array of the same width
 * and are read with {@link Integer#toUnsignedLong} or {@link Long#toUnsignedString}. An
 * {@link #UNSIGNED} counter, aggregate or timer overflows after 2<sup>32</sup> - 1, exactly as in C;
 * the classes the text says "cannot overflow" (level, size, the watermarks) stay at 2<sup>32</sup> - 1
 * instead.
 */
public enum MpitDatatype {
    /** {@code MPI_INT}: {@code int[]}. */
    INT(int[].class),
    /** {@code MPI_UNSIGNED}: {@code int[]} holding 32 unsigned bits. */
    UNSIGNED(int[].class),
    /** {@code MPI_UNSIGNED_LONG}: {@code long[]} holding 64 unsigned bits (LP64). */
    UNSIGNED_LONG(long[].class),
    /** {@code MPI_UNSIGNED_LONG_LONG}: {@code long[]} holding 64 unsigned bits. */
    UNSIGNED_LONG_LONG(long[].class),
    /** {@code MPI_COUNT}: {@code long[]}. */
    COUNT(long[].class),
    /**
     * {@code MPI_CHAR}: {@code byte[]} holding a NUL-terminated UTF-8 string; the count includes
     * the terminating NUL and is large enough for any valid value.
     */
    CHAR(byte[].class),
    /** {@code MPI_DOUBLE}: {@code double[]}. */
    DOUBLE(double[].class);

    private final Class<?> bufferType;

    MpitDatatype(Class<?> bufferType) {
        this.bufferType = bufferType;
    }

    /** The Java array type of buffers for this datatype. */
    public Class<?> bufferType() {
        return bufferType;
    }

    /** Whether values are integers (every type but {@link #CHAR} and {@link #DOUBLE}). */
    public boolean isInteger() {
        return this != CHAR && this != DOUBLE;
    }

    /** A new buffer of this datatype with {@code count} elements. */
    public Object newBuffer(int count) {
        switch (this) {
            case INT:
            case UNSIGNED:
                return new int[count];
            case CHAR:
                return new byte[count];
            case DOUBLE:
                return new double[count];
            default:
                return new long[count];
        }
    }
}
