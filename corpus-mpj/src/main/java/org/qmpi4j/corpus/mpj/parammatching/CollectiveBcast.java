// corpus: category=parammatching ranks=3
// intent: every rank broadcasts from rank 0
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): every rank broadcasts from rank 0. */
public final class CollectiveBcast {
    private CollectiveBcast() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        world.Bcast(buf, 0, 1, MPI.INT, 0);
        MPI.Finalize();
    }
}
