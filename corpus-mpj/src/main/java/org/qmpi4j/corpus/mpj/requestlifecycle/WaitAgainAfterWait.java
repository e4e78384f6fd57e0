// corpus: category=requestlifecycle ranks=2
// intent: both ranks wait twice for their requests: MPJ marks a completed request null, so the second Wait returns
// expect: none
package org.qmpi4j.corpus.mpj.requestlifecycle;

import mpi.*;

/** Corpus program (requestlifecycle, MPJ Express): both ranks wait twice for their requests: MPJ marks a completed request null, so the second Wait returns. */
public final class WaitAgainAfterWait {
    private WaitAgainAfterWait() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            Request r = world.Isend(buf, 0, 1, MPI.INT, 1, 0);
            r.Wait();
            r.Wait();
        } else if (rank == 1) {
            Request r = world.Irecv(buf, 0, 1, MPI.INT, 0, 0);
            r.Wait();
            r.Wait();
        }
        MPI.Finalize();
    }
}
