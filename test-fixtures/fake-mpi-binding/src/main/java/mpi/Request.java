package mpi;

/** A non-blocking operation's handle; the fake returns one shared, already complete instance. */
public class Request {
    Request() {}

    public final void waitFor() throws MPIException {
        // complete from the start
    }
}
