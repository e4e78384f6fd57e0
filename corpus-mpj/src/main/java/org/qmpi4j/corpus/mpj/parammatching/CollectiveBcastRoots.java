// corpus: category=parammatching ranks=2
// intent: ranks broadcast from different roots
// expect: collective_mismatch lines 18
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): ranks broadcast from different roots. */
public final class CollectiveBcastRoots {
    private CollectiveBcastRoots() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        world.Bcast(buf, 0, 1, MPI.INT, rank == 0 ? 0 : 1); // ERROR
        MPI.Finalize();
    }
}
