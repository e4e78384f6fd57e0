package org.qmpi4j.samples.openmpi.defects;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Four ranks, two groups ({0, 1} and {2, 3}) joined by an intercommunicator: group {0, 1}
 * broadcasts from its rank 0 ({@code MPI.ROOT} there, {@code MPI.PROC_NULL} at rank 1); in the
 * receiving group, rank 2 names the root rightly (0) but rank 3 names the other group's rank 1.
 * Open MPI's broadcast reads only the receiving group's first root, so the job ends normally
 * there; by the standard every receiver must name the same root.
 */
public final class InterRootMismatch {
    private InterRootMismatch() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Intracomm half = MPI.COMM_WORLD.split(rank / 2, rank);
        Intercomm inter = MPI.COMM_WORLD.createIntercomm(half, 0, rank < 2 ? 2 : 0, 3);
        int[] value = {rank == 0 ? 42 : 0};
        if (rank == 0) {
            inter.bcast(value, 1, MPI.INT, MPI.ROOT); // CHECK:collective_mismatch rank 0
        } else if (rank == 1) {
            inter.bcast(value, 1, MPI.INT, MPI.PROC_NULL);
        } else if (rank == 2) {
            inter.bcast(value, 1, MPI.INT, 0);
        } else {
            inter.bcast(value, 1, MPI.INT, 1); // CHECK:collective_mismatch rank 3
        }
        System.out.println("rank " + rank + " has " + value[0]);
        inter.free();
        half.free();
        MPI.Finalize();
    }
}
