package org.qmpi4j.mpit.library;

/**
 * A library variable of a C datatype qmpi4j cannot show in Java (none of MPI_T's, none of the
 * extra ones {@link NativeType} maps): the registry leaves that one variable out and keeps the
 * others usable.
 */
public final class UnknownDatatypeException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    UnknownDatatypeException(String message) {
        super(message);
    }
}
