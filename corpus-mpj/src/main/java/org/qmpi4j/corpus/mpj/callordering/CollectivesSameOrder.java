// corpus: category=callordering ranks=3
// intent: every rank broadcasts, reduces and enters a barrier in the same order
// expect: none
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): every rank broadcasts, reduces and enters a barrier in the same order. */
public final class CollectivesSameOrder {
    private CollectivesSameOrder() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        int[] sum = new int[1];
        world.Bcast(buf, 0, 1, MPI.INT, 0);
        world.Reduce(buf, 0, sum, 0, 1, MPI.INT, MPI.SUM, 0);
        world.Barrier();
        MPI.Finalize();
    }
}
