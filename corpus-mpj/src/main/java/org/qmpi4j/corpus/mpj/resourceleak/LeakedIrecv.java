// corpus: category=resourceleak ranks=2
// intent: rank 1 posts a nonblocking receive it never completes (rank 0 sends to it)
// expect: request_leak lines 21
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): rank 1 posts a nonblocking receive it never completes (rank 0 sends to it). */
public final class LeakedIrecv {
    private LeakedIrecv() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            world.Send(buf, 0, 1, MPI.INT, 1, 0);
        } else if (rank == 1) {
            world.Irecv(buf, 0, 1, MPI.INT, 0, 0); // ERROR
        }
        world.Barrier();
        MPI.Finalize();
    }
}
