// corpus: category=localconcurrency ranks=2
// intent: each rank sends from one half of an array and receives into the other half at once
// expect: none
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): each rank sends from one half of an array and receives into the other half at once. */
public final class IsendIrecvDisjointHalves {
    private IsendIrecvDisjointHalves() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[6];
        int peer = 1 - rank;
        Request in = world.Irecv(buf, 3, 3, MPI.INT, peer, 0);
        Request out = world.Isend(buf, 0, 3, MPI.INT, peer, 0);
        Request.Waitall(new Request[] {in, out});
        MPI.Finalize();
    }
}
