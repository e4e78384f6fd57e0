package mpi;

/**
 * An MPI datatype. As in Open MPI, {@link #getSize()} counts base elements and the protected field
 * {@code baseSize} holds a base element's bytes: the binding descriptor names both, and the agent
 * reads them when a tool asks for a call's byte count.
 */
public class Datatype {
    protected int baseSize;

    Datatype(int baseSize) {
        this.baseSize = baseSize;
    }

    public int getSize() throws MPIException {
        return 1;
    }
}
