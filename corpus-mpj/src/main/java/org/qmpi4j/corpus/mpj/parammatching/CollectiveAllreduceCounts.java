// corpus: category=parammatching ranks=2
// intent: ranks allreduce different counts
// expect: collective_mismatch lines 19
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): ranks allreduce different counts. */
public final class CollectiveAllreduceCounts {
    private CollectiveAllreduceCounts() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = new int[4];
        int[] out = new int[4];
        world.Allreduce(in, 0, out, 0, rank == 0 ? 4 : 2, MPI.INT, MPI.SUM); // ERROR
        MPI.Finalize();
    }
}
