package org.qmpi4j.samples.mpj.defects;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A {@code Gatherv} whose root's counts say 2 ints from rank 1, which sends 1: the {@code v}
 * variants are compared by what the root expects from each rank against what that rank passes.
 * (Receiving less than the counts allow is no error MPJ Express reports: the job ends normally.)
 */
public final class GathervCounts {
    private GathervCounts() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int[] in = {rank, rank};
        int[] out = new int[4];
        int[] counts = {1, 2};
        int[] displs = {0, 2};
        int n = 1;
        world.Gatherv(in, 0, n, MPI.INT, out, 0, counts, displs, MPI.INT, 0); // CHECK:collective_mismatch rank 0,1
        MPI.Finalize();
    }
}
