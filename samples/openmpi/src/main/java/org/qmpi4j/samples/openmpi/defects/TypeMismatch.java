package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;

/** Rank 0 sends 4 {@code MPI.INT}, rank 1 receives them as 2 {@code MPI.DOUBLE}: the same 16 bytes, another meaning. */
public final class TypeMismatch {
    private TypeMismatch() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            int[] ints = {1, 2, 3, 4};
            MPI.COMM_WORLD.send(ints, 4, MPI.INT, 1, 11); // CHECK:type_mismatch rank 0
        } else {
            double[] doubles = new double[2];
            MPI.COMM_WORLD.recv(doubles, 2, MPI.DOUBLE, 0, 11); // CHECK:type_mismatch rank 1
        }
        MPI.Finalize();
    }
}
