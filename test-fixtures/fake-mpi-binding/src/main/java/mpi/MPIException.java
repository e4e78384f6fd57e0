package mpi;

/** Open MPI's checked exception; the fake binding never throws it. */
public final class MPIException extends Exception {
    private static final long serialVersionUID = 1L;

    MPIException(String message) {
        super(message);
    }
}
