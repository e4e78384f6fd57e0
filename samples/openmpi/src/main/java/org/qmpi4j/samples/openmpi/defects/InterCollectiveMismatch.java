package org.qmpi4j.samples.openmpi.defects;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * {@code CollectiveMismatch} over an intercommunicator joining rank 0 and rank 1 (each alone in
 * its own group): rank 0's group calls a barrier, rank 1's an allreduce of one int. Open MPI
 * happens to carry an intercommunicator's barrier as such an allreduce, so the job ends normally
 * there; the standard gives it no meaning, and another MPI may hang or exchange garbage.
 */
public final class InterCollectiveMismatch {
    private InterCollectiveMismatch() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Intracomm alone = MPI.COMM_WORLD.split(rank, 0);
        Intercomm inter = MPI.COMM_WORLD.createIntercomm(alone, 0, 1 - rank, 3);
        if (rank == 0) {
            inter.barrier(); // CHECK:collective_mismatch rank 0
        } else {
            int[] in = {rank};
            int[] out = new int[1];
            inter.allReduce(in, out, 1, MPI.INT, MPI.MAX); // CHECK:collective_mismatch rank 1
        }
        System.out.println("rank " + rank + " left the collective");
        inter.free();
        alone.free();
        MPI.Finalize();
    }
}
