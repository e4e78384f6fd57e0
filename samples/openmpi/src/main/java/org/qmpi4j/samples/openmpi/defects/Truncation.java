package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 sends 8 ints, rank 1 receives at most 4: MPI fails the receive with MPI_ERR_TRUNCATE.
 * The program catches MPI's exception and goes on, so the job ends normally.
 */
public final class Truncation {
    private Truncation() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            int[] eight = {1, 2, 3, 4, 5, 6, 7, 8};
            MPI.COMM_WORLD.send(eight, 8, MPI.INT, 1, 13); // CHECK:truncation rank 0
            MPI.COMM_WORLD.barrier();
        } else {
            MPI.COMM_WORLD.barrier(); // the message has been sent: the checker sees its size before the receive
            int[] four = new int[4];
            try {
                MPI.COMM_WORLD.recv(four, 4, MPI.INT, 0, 13); // CHECK:truncation rank 1
            } catch (MPIException expected) {
                System.out.println("rank 1: MPI refused the receive: " + expected.getMessage());
            }
        }
        MPI.Finalize();
    }
}
