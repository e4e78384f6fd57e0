// corpus: category=resourceleak ranks=2
// intent: every rank duplicates COMM_WORLD and never frees the copy
// expect: object_leak lines 17
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): every rank duplicates COMM_WORLD and never frees the copy. */
public final class LeakedCommDup {
    private LeakedCommDup() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Intracomm copy = (Intracomm) world.clone(); // ERROR
        copy.Barrier();
        MPI.Finalize();
    }
}
