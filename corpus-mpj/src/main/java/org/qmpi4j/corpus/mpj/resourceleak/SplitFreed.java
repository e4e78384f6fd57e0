// corpus: category=resourceleak ranks=3
// intent: a communicator split by parity, used and freed
// expect: none
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): a communicator split by parity, used and freed. */
public final class SplitFreed {
    private SplitFreed() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Intracomm half = world.Split(rank % 2, rank);
        int[] buf = {rank};
        half.Bcast(buf, 0, 1, MPI.INT, 0);
        half.Free();
        MPI.Finalize();
    }
}
