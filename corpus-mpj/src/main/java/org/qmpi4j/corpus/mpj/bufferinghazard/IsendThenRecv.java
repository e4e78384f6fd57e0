// corpus: category=bufferinghazard ranks=2
// intent: both ranks start an Isend of 1M ints, receive, then wait
// expect: none
package org.qmpi4j.corpus.mpj.bufferinghazard;

import mpi.*;

/** Corpus program (bufferinghazard, MPJ Express): both ranks start an Isend of 1M ints, receive, then wait. */
public final class IsendThenRecv {
    private IsendThenRecv() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = new int[1 << 20];
        int[] in = new int[1 << 20];
        int peer = 1 - rank;
        Request r = world.Isend(out, 0, out.length, MPI.INT, peer, 7);
        world.Recv(in, 0, in.length, MPI.INT, peer, 7);
        r.Wait();
        MPI.Finalize();
    }
}
