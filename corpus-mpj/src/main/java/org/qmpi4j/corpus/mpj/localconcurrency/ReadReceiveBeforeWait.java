// corpus: category=localconcurrency ranks=2
// intent: rank 1 reads its Irecv's buffer before waiting for it
// expect: buffer_read_early lines 23
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): rank 1 reads its Irecv's buffer before waiting for it. */
public final class ReadReceiveBeforeWait {
    private ReadReceiveBeforeWait() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[1];
        if (rank == 0) {
            buf[0] = 42;
            world.Send(buf, 0, 1, MPI.INT, 1, 0);
        } else if (rank == 1) {
            Request r = world.Irecv(buf, 0, 1, MPI.INT, 0, 0);
            System.out.println("early read " + buf[0]); // ERROR
            r.Wait();
        }
        MPI.Finalize();
    }
}
