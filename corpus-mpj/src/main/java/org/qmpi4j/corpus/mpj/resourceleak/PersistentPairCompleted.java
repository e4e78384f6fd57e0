// corpus: category=resourceleak ranks=2
// intent: persistent send and receive, each started and completed three times (never freed: MPJ cannot free a request)
// expect: none
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): persistent send and receive, each started and completed three times (never freed: MPJ cannot free a request). */
public final class PersistentPairCompleted {
    private PersistentPairCompleted() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {0};
        Prequest p = rank == 0 ? world.Send_init(buf, 0, 1, MPI.INT, 1, 0) : world.Recv_init(buf, 0, 1, MPI.INT, 0, 0);
        for (int i = 0; i < 3; i++) {
            buf[0] = i;
            p.Start();
            p.Wait();
        }
        MPI.Finalize();
    }
}
