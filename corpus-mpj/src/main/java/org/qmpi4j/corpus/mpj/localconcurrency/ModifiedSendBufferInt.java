// corpus: category=localconcurrency ranks=2
// intent: rank 0 writes its int[] while its Isend of it is pending
// expect: buffer_modified lines 19,20,21
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): rank 0 writes its int[] while its Isend of it is pending. */
public final class ModifiedSendBufferInt {
    private ModifiedSendBufferInt() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[4];
        if (rank == 0) {
            Request r = world.Isend(buf, 0, 4, MPI.INT, 1, 0); // ERROR
            buf[2] = (int) 7; // ERROR
            r.Wait(); // ERROR
        } else if (rank == 1) {
            world.Recv(buf, 0, 4, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
