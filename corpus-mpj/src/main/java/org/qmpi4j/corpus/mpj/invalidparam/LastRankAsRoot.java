// corpus: category=invalidparam ranks=2
// intent: every rank broadcasts from the last rank
// expect: none
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): every rank broadcasts from the last rank. */
public final class LastRankAsRoot {
    private LastRankAsRoot() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        world.Bcast(buf, 0, 1, MPI.INT, size - 1);
        MPI.Finalize();
    }
}
