package org.qmpi4j.samples.openmpi.defects;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * {@code TypeMismatch} on a communicator split from {@code COMM_WORLD} with the ranks in reverse
 * order (world rank 0 is the split's rank 1): 4 {@code MPI.INT} sent, received as 2
 * {@code MPI.DOUBLE}.
 */
public final class SubCommTypeMismatch {
    private SubCommTypeMismatch() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Intracomm reversed = MPI.COMM_WORLD.split(0, MPI.COMM_WORLD.getSize() - rank);
        int me = reversed.getRank();
        int last = reversed.getSize() - 1;
        if (me == last) {
            int[] ints = {1, 2, 3, 4};
            reversed.send(ints, 4, MPI.INT, last - 1, 11); // CHECK:type_mismatch rank 0
        } else if (me == last - 1) {
            double[] doubles = new double[2];
            reversed.recv(doubles, 2, MPI.DOUBLE, last, 11); // CHECK:type_mismatch rank 1
        }
        reversed.free();
        MPI.Finalize();
    }
}
