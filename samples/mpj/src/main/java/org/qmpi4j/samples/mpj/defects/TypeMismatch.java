package org.qmpi4j.samples.mpj.defects;

import mpi.MPI;
import mpi.MPIException;

/** Rank 0 sends 4 {@code MPI.INT}, rank 1 receives them as 2 {@code MPI.DOUBLE}. */
public final class TypeMismatch {
    private TypeMismatch() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        if (rank == 0) {
            int[] ints = {1, 2, 3, 4};
            MPI.COMM_WORLD.Send(ints, 0, 4, MPI.INT, 1, 11); // CHECK:type_mismatch rank 0
        } else {
            double[] doubles = new double[2];
            try {
                MPI.COMM_WORLD.Recv(doubles, 0, 2, MPI.DOUBLE, 0, 11); // CHECK:type_mismatch rank 1
            } catch (RuntimeException refused) {
                // MPJ Express checks the type of the data it unpacks and may refuse the receive
                System.out.println("rank 1: MPJ refused the receive: " + refused);
            }
        }
        MPI.Finalize();
    }
}
