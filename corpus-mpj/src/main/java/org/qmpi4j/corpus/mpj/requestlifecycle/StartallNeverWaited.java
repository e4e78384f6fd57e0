// corpus: category=requestlifecycle ranks=2
// intent: every rank starts a persistent send and receive with Startall and waits only for the receive
// expect: request_leak lines 20
package org.qmpi4j.corpus.mpj.requestlifecycle;

import mpi.*;

/** Corpus program (requestlifecycle, MPJ Express): every rank starts a persistent send and receive with Startall and waits only for the receive. */
public final class StartallNeverWaited {
    private StartallNeverWaited() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = {rank};
        int[] in = new int[1];
        int peer = 1 - rank;
        Prequest send = world.Send_init(out, 0, 1, MPI.INT, peer, 0); // ERROR
        Prequest recv = world.Recv_init(in, 0, 1, MPI.INT, peer, 0);
        Prequest.Startall(new Prequest[] {send, recv});
        recv.Wait();
        world.Barrier();
        MPI.Finalize();
    }
}
