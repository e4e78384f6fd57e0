// corpus: category=localconcurrency ranks=2
// intent: rank 0 writes its send buffer only after its Isend completed
// expect: none
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): rank 0 writes its send buffer only after its Isend completed. */
public final class ModifiedAfterWait {
    private ModifiedAfterWait() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[4];
        if (rank == 0) {
            Request r = world.Isend(buf, 0, 4, MPI.INT, 1, 0);
            r.Wait();
            buf[2] = 7;
        } else if (rank == 1) {
            world.Recv(buf, 0, 4, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
