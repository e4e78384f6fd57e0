package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 1 sends to rank {@code size} (one past the last rank): MPI fails the call. The program
 * catches MPI's exception and goes on, so the job ends normally.
 */
public final class InvalidRank {
    private InvalidRank() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (rank == 1) {
            int[] buf = {42};
            try {
                MPI.COMM_WORLD.send(buf, 1, MPI.INT, size, 0); // CHECK:invalid_argument rank 1
            } catch (MPIException expected) {
                System.out.println("rank 1: MPI refused the send: " + expected.getMessage());
            }
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
