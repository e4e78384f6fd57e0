package mpi;

/**
 * The type of {@code MPI.COMM_WORLD}, as in Open MPI: calls written {@code MPI.COMM_WORLD.send(...)}
 * name {@code mpi/Intracomm} as their owner, and the agent resolves them to {@code mpi/Comm}'s
 * method, exactly as it does for an application.
 */
public class Intracomm extends Comm {
    protected Intracomm(int rank, int size) {
        super(rank, size);
    }
}
