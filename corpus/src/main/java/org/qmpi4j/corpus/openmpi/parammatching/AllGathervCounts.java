// corpus: category=parammatching ranks=2
// intent: rank 1's counts say rank 0 gives 2 ints, rank 0 gives 1
// expect: collective_mismatch lines 22
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 1's counts say rank 0 gives 2 ints, rank 0 gives 1. */
public final class AllGathervCounts {
    private AllGathervCounts() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] in = new int[2];
        int[] out = new int[4];
        int[] counts = rank == 1 ? new int[] {2, 1} : new int[] {1, 1};
        int[] displs = {0, 2};
        world.allGatherv(in, 1, MPI.INT, out, counts, displs, MPI.INT); // ERROR
        MPI.Finalize();
    }
}
