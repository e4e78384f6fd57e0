package org.qmpi4j.samples.openmpi.defects;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * {@code CollectiveMismatch} on a duplicate of {@code COMM_WORLD}: the ranks reduce with different
 * operations (rank 0 sums, the others take the maximum).
 */
public final class SubCommCollectiveMismatch {
    private SubCommCollectiveMismatch() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Intracomm copy = MPI.COMM_WORLD.dup();
        int[] in = {rank + 1};
        int[] out = new int[1];
        if (rank == 0) {
            copy.allReduce(in, out, 1, MPI.INT, MPI.SUM); // CHECK:collective_mismatch rank 0
        } else {
            copy.allReduce(in, out, 1, MPI.INT, MPI.MAX); // CHECK:collective_mismatch rank 1
        }
        System.out.println("rank " + rank + " got " + out[0]);
        copy.free();
        MPI.Finalize();
    }
}
