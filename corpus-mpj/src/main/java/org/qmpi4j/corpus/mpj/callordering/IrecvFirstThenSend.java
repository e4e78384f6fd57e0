// corpus: category=callordering ranks=2
// intent: both ranks post an Irecv from each other, then send, then wait
// expect: none
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): both ranks post an Irecv from each other, then send, then wait. */
public final class IrecvFirstThenSend {
    private IrecvFirstThenSend() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = {rank};
        int[] in = new int[1];
        int peer = 1 - rank;
        Request r = world.Irecv(in, 0, 1, MPI.INT, peer, 7);
        world.Send(out, 0, 1, MPI.INT, peer, 7);
        r.Wait();
        MPI.Finalize();
    }
}
