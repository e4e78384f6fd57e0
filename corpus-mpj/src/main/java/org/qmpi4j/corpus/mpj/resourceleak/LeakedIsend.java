// corpus: category=resourceleak ranks=2
// intent: rank 0 starts a nonblocking send it never completes (rank 1 receives it)
// expect: request_leak lines 19
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): rank 0 starts a nonblocking send it never completes (rank 1 receives it). */
public final class LeakedIsend {
    private LeakedIsend() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            world.Isend(buf, 0, 1, MPI.INT, 1, 0); // ERROR
        } else if (rank == 1) {
            world.Recv(buf, 0, 1, MPI.INT, 0, 0);
        }
        world.Barrier();
        MPI.Finalize();
    }
}
