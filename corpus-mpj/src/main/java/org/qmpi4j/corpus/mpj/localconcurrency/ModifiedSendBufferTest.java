// corpus: category=localconcurrency ranks=2
// intent: rank 0 writes its buffer between Tests of its pending Isend
// expect: buffer_modified lines 19,20,21
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): rank 0 writes its buffer between Tests of its pending Isend. */
public final class ModifiedSendBufferTest {
    private ModifiedSendBufferTest() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[4];
        if (rank == 0) {
            Request r = world.Isend(buf, 0, 4, MPI.INT, 1, 0); // ERROR
            buf[0] = 5; // ERROR
            while (r.Test() == null) { // ERROR
                Thread.yield();
            }
        } else if (rank == 1) {
            world.Recv(buf, 0, 4, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
