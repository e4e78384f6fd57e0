// corpus: category=bufferinghazard ranks=2
// intent: both ranks send 1M ints to each other first: too large to be buffered
// expect: deadlock lines 20
package org.qmpi4j.corpus.mpj.bufferinghazard;

import mpi.*;

/** Corpus program (bufferinghazard, MPJ Express): both ranks send 1M ints to each other first: too large to be buffered. */
public final class SendSendLarge1M {
    private SendSendLarge1M() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = new int[1 << 20];
        int[] in = new int[1 << 20];
        int peer = 1 - rank;
        world.Send(out, 0, out.length, MPI.INT, peer, 7); // ERROR
        world.Recv(in, 0, in.length, MPI.INT, peer, 7);
        MPI.Finalize();
    }
}
