package org.qmpi4j.samples.mpj.defects;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * {@code TypeMismatch} on a communicator split from {@code COMM_WORLD} with the ranks in reverse
 * order (world rank 0 is the split's rank 1).
 */
public final class SubCommTypeMismatch {
    private SubCommTypeMismatch() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Intracomm reversed = MPI.COMM_WORLD.Split(0, MPI.COMM_WORLD.Size() - rank);
        int me = reversed.Rank();
        int last = reversed.Size() - 1;
        if (me == last) {
            int[] ints = {1, 2, 3, 4};
            reversed.Send(ints, 0, 4, MPI.INT, last - 1, 11); // CHECK:type_mismatch rank 0
        } else if (me == last - 1) {
            double[] doubles = new double[2];
            try {
                reversed.Recv(doubles, 0, 2, MPI.DOUBLE, last, 11); // CHECK:type_mismatch rank 1
            } catch (RuntimeException refused) {
                // MPJ Express checks the type of the data it unpacks and may refuse the receive
                System.out.println("rank 1: MPJ refused the receive: " + refused);
            }
        }
        reversed.Free();
        MPI.Finalize();
    }
}
