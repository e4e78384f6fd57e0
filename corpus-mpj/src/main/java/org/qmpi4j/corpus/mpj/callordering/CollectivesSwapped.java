// corpus: category=callordering ranks=2
// intent: rank 0 broadcasts then enters a barrier, rank 1 the other way round
// expect: collective_mismatch lines 19,22
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): rank 0 broadcasts then enters a barrier, rank 1 the other way round. */
public final class CollectivesSwapped {
    private CollectivesSwapped() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {1};
        if (rank == 0) {
            world.Bcast(buf, 0, 1, MPI.INT, 0); // ERROR
            world.Barrier();
        } else {
            world.Barrier(); // ERROR
            world.Bcast(buf, 0, 1, MPI.INT, 0);
        }
        MPI.Finalize();
    }
}
