package org.qmpi4j.api.mpit;

/**
 * The kind of MPI object a variable must be bound to (Table 14.2). A handle for a variable bound
 * to anything but {@link #NO_OBJECT} is allocated for one object of that kind, passed as the
 * binding's own Java object (for example {@code MPI.COMM_WORLD}, an {@code mpi.Intracomm}).
 */
public enum BindType {
    /** Applies globally to the entire MPI process; the object argument is ignored. */
    NO_OBJECT,
    MPI_COMM,
    MPI_DATATYPE,
    MPI_ERRHANDLER,
    MPI_FILE,
    MPI_GROUP,
    MPI_OP,
    MPI_REQUEST,
    MPI_WIN,
    MPI_MESSAGE,
    MPI_INFO
}
