// corpus: category=parammatching ranks=2
// intent: ranks gather different counts
// expect: collective_mismatch lines 19
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): ranks gather different counts. */
public final class CollectiveGatherCounts {
    private CollectiveGatherCounts() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = new int[2];
        int[] out = new int[2 * size];
        world.Gather(in, 0, rank == 0 ? 2 : 1, MPI.INT, out, 0, 2, MPI.INT, 0); // ERROR
        MPI.Finalize();
    }
}
