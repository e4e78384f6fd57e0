// corpus: category=localconcurrency ranks=2
// intent: rank 0 writes elements of its array outside the offset and count its pending Isend sends
// expect: none
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): rank 0 writes elements of its array outside the offset and count its pending Isend sends. */
public final class ModifiedOutsideSentPart {
    private ModifiedOutsideSentPart() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[8];
        if (rank == 0) {
            Request r = world.Isend(buf, 2, 3, MPI.INT, 1, 0);
            buf[0] = 1;
            buf[6] = 2;
            r.Wait();
        } else if (rank == 1) {
            world.Recv(buf, 0, 3, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
