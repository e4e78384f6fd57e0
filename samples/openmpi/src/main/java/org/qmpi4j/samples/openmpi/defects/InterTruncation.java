package org.qmpi4j.samples.openmpi.defects;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * {@code Truncation} over an intercommunicator joining rank 0 and rank 1 (each alone in its own
 * half): rank 0 sends 8 ints to the other side's rank 0, which receives at most 4. The program
 * catches MPI's exception and goes on, so the job ends normally.
 */
public final class InterTruncation {
    private InterTruncation() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        int rank = MPI.COMM_WORLD.getRank();
        Intracomm alone = MPI.COMM_WORLD.split(rank, 0);
        Intercomm inter = MPI.COMM_WORLD.createIntercomm(alone, 0, 1 - rank, 3);
        inter.setErrhandler(MPI.ERRORS_RETURN);
        if (rank == 0) {
            int[] eight = {1, 2, 3, 4, 5, 6, 7, 8};
            inter.send(eight, 8, MPI.INT, 0, 13); // CHECK:truncation rank 0
            MPI.COMM_WORLD.barrier();
        } else {
            MPI.COMM_WORLD.barrier(); // the message has been sent: the checker sees its size before the receive
            int[] four = new int[4];
            try {
                inter.recv(four, 4, MPI.INT, 0, 13); // CHECK:truncation rank 1
            } catch (MPIException expected) {
                System.out.println("rank 1: MPI refused the receive: " + expected.getMessage());
            }
        }
        inter.free();
        alone.free();
        MPI.Finalize();
    }
}
