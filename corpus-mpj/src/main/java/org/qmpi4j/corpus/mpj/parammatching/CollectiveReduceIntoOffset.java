// corpus: category=parammatching ranks=3
// intent: every rank reduces 2 ints from offset 1 into offset 2 of its result array
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): every rank reduces 2 ints from offset 1 into offset 2 of its result array. */
public final class CollectiveReduceIntoOffset {
    private CollectiveReduceIntoOffset() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = {9, rank, rank};
        int[] out = new int[4];
        world.Reduce(in, 1, out, 2, 2, MPI.INT, MPI.SUM, 0);
        MPI.Finalize();
    }
}
