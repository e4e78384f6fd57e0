// corpus: category=requestlifecycle ranks=3
// intent: rank 0 posts receives from ranks 1 and 2 and completes them with two Waitany
// expect: none
package org.qmpi4j.corpus.mpj.requestlifecycle;

import mpi.*;

/** Corpus program (requestlifecycle, MPJ Express): rank 0 posts receives from ranks 1 and 2 and completes them with two Waitany. */
public final class WaitanyBoth {
    private WaitanyBoth() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[2];
        if (rank == 0) {
            Request[] rs = {world.Irecv(buf, 0, 1, MPI.INT, 1, 0), world.Irecv(buf, 1, 1, MPI.INT, 2, 0)};
            Request.Waitany(rs);
            Request.Waitany(rs);
        } else {
            world.Send(buf, 0, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
