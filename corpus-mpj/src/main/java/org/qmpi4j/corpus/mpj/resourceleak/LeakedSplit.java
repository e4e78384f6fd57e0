// corpus: category=resourceleak ranks=2
// intent: every rank splits COMM_WORLD by parity and never frees the result
// expect: object_leak lines 17
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): every rank splits COMM_WORLD by parity and never frees the result. */
public final class LeakedSplit {
    private LeakedSplit() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Intracomm half = world.Split(rank % 2, rank); // ERROR
        half.Barrier();
        MPI.Finalize();
    }
}
