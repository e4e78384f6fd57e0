// corpus: category=bufferinghazard ranks=2
// intent: both ranks send 1 int(s) to each other first: completes only because the sends are buffered
// expect: buffering_deadlock lines 20
package org.qmpi4j.corpus.mpj.bufferinghazard;

import mpi.*;

/** Corpus program (bufferinghazard, MPJ Express): both ranks send 1 int(s) to each other first: completes only because the sends are buffered. */
public final class SendSendEager1 {
    private SendSendEager1() {}

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
