package org.qmpi4j.samples.openmpi.defects;

import mpi.MPI;
import mpi.MPIException;

/** The ranks reduce with different operations: rank 0 sums, rank 1 takes the maximum. MPI does not notice. */
public final class CollectiveMismatch {
    private CollectiveMismatch() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] in = {rank + 1};
        int[] out = new int[1];
        if (rank == 0) {
            MPI.COMM_WORLD.allReduce(in, out, 1, MPI.INT, MPI.SUM); // CHECK:collective_mismatch rank 0
        } else {
            MPI.COMM_WORLD.allReduce(in, out, 1, MPI.INT, MPI.MAX); // CHECK:collective_mismatch rank 1
        }
        System.out.println("rank " + rank + " got " + out[0]);
        MPI.Finalize();
    }
}
