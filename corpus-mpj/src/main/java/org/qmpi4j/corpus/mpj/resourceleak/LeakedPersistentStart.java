// corpus: category=resourceleak ranks=2
// intent: rank 0 starts a persistent send a second time and never completes it
// expect: request_leak lines 19
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): rank 0 starts a persistent send a second time and never completes it. */
public final class LeakedPersistentStart {
    private LeakedPersistentStart() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            Prequest send = world.Send_init(buf, 0, 1, MPI.INT, 1, 0); // ERROR
            send.Start();
            send.Wait();
            send.Start();
        } else if (rank == 1) {
            world.Recv(buf, 0, 1, MPI.INT, 0, 0);
            world.Recv(buf, 0, 1, MPI.INT, 0, 0);
        }
        world.Barrier();
        MPI.Finalize();
    }
}
