// corpus: category=parammatching ranks=2
// intent: rank 0 enters a barrier while the others broadcast
// expect: collective_mismatch lines 19,21
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 enters a barrier while the others broadcast. */
public final class CollectiveBarrierVersusBcast {
    private CollectiveBarrierVersusBcast() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {1};
        if (rank == 0) {
            world.Barrier(); // ERROR
        } else {
            world.Bcast(buf, 0, 1, MPI.INT, 0); // ERROR
        }
        MPI.Finalize();
    }
}
