// corpus: category=requestlifecycle ranks=2
// intent: rank 1 starts a persistent receive, which is matched, and never waits for it
// expect: request_leak lines 21
package org.qmpi4j.corpus.mpj.requestlifecycle;

import mpi.*;

/** Corpus program (requestlifecycle, MPJ Express): rank 1 starts a persistent receive, which is matched, and never waits for it. */
public final class StartedNeverCompleted {
    private StartedNeverCompleted() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            world.Send(buf, 0, 1, MPI.INT, 1, 0);
        } else if (rank == 1) {
            Prequest p = world.Recv_init(buf, 0, 1, MPI.INT, 0, 0); // ERROR
            p.Start();
        }
        world.Barrier();
        MPI.Finalize();
    }
}
