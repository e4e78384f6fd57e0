// corpus: category=bufferinghazard ranks=2
// intent: both ranks send 1 int(s) to each other first: MPJ's multicore device buffers no send, so it hangs
// expect: deadlock lines 20
package org.qmpi4j.corpus.mpj.bufferinghazard;

import mpi.*;

/** Corpus program (bufferinghazard, MPJ Express): both ranks send 1 int(s) to each other first: MPJ's multicore device buffers no send, so it hangs. */
public final class SendSend1 {
    private SendSend1() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = new int[1];
        int[] in = new int[1];
        int peer = 1 - rank;
        world.Send(out, 0, 1, MPI.INT, peer, 7); // ERROR
        world.Recv(in, 0, 1, MPI.INT, peer, 7);
        MPI.Finalize();
    }
}
