// corpus: category=parammatching ranks=3
// intent: only rank 0 calls MPI_Reduce_local, which involves no other rank
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): only rank 0 calls MPI_Reduce_local, which involves no other rank. */
public final class CollectiveReduceLocalOnOneRank {
    private CollectiveReduceLocalOnOneRank() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] a = {1};
        int[] b = {2};
        if (rank == 0) {
            Intracomm.reduceLocal(a, b, 1, MPI.INT, MPI.SUM);
        }
        world.barrier();
        MPI.Finalize();
    }
}
