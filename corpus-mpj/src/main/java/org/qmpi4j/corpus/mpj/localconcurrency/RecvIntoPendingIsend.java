// corpus: category=localconcurrency ranks=2
// intent: each rank receives (blocking) into elements of its own Isend's array still pending
// expect: overlapping_buffers lines 19,20
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): each rank receives (blocking) into elements of its own Isend's array still pending. */
public final class RecvIntoPendingIsend {
    private RecvIntoPendingIsend() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[6];
        int peer = 1 - rank;
        Request r = world.Isend(buf, 0, 4, MPI.INT, peer, 0); // ERROR
        world.Recv(buf, 2, 4, MPI.INT, peer, 0); // ERROR
        r.Wait();
        MPI.Finalize();
    }
}
