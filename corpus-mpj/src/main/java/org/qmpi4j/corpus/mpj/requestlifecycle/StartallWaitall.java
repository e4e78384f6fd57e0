// corpus: category=requestlifecycle ranks=2
// intent: every rank starts a persistent send and receive with Startall and completes both with Waitall
// expect: none
package org.qmpi4j.corpus.mpj.requestlifecycle;

import mpi.*;

/** Corpus program (requestlifecycle, MPJ Express): every rank starts a persistent send and receive with Startall and completes both with Waitall. */
public final class StartallWaitall {
    private StartallWaitall() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = {rank};
        int[] in = new int[1];
        int peer = 1 - rank;
        Prequest[] both = {world.Send_init(out, 0, 1, MPI.INT, peer, 0), world.Recv_init(in, 0, 1, MPI.INT, peer, 0)};
        Prequest.Startall(both);
        Request.Waitall(both);
        MPI.Finalize();
    }
}
