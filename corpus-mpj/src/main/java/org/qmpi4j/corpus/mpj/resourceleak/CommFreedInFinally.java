// corpus: category=resourceleak ranks=2
// intent: a duplicate of COMM_WORLD freed in a finally block
// expect: none
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): a duplicate of COMM_WORLD freed in a finally block. */
public final class CommFreedInFinally {
    private CommFreedInFinally() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Intracomm copy = (Intracomm) world.clone();
        try {
            copy.Barrier();
        } finally {
            copy.Free();
        }
        MPI.Finalize();
    }
}
