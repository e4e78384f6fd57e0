// corpus: category=requestlifecycle ranks=2
// intent: rank 1 tests its nonblocking receive until it completes
// expect: none
package org.qmpi4j.corpus.mpj.requestlifecycle;

import mpi.*;

/** Corpus program (requestlifecycle, MPJ Express): rank 1 tests its nonblocking receive until it completes. */
public final class TestUntilDone {
    private TestUntilDone() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            Thread.sleep(200);
            world.Send(buf, 0, 1, MPI.INT, 1, 0);
        } else if (rank == 1) {
            Request r = world.Irecv(buf, 0, 1, MPI.INT, 0, 0);
            while (r.Test() == null) {
                Thread.yield();
            }
        }
        MPI.Finalize();
    }
}
