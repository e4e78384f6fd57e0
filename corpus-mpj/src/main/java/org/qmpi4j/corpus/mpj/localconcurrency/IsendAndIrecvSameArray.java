// corpus: category=localconcurrency ranks=2
// intent: each rank sends from and receives into one array at the same time
// expect: overlapping_buffers lines 19,20
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): each rank sends from and receives into one array at the same time. */
public final class IsendAndIrecvSameArray {
    private IsendAndIrecvSameArray() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[4];
        int peer = 1 - rank;
        Request a = world.Irecv(buf, 0, 4, MPI.INT, peer, 0); // ERROR
        Request b = world.Isend(buf, 0, 4, MPI.INT, peer, 0); // ERROR
        Request.Waitall(new Request[] {a, b});
        MPI.Finalize();
    }
}
