// corpus: category=bufferinghazard ranks=2
// intent: both ranks exchange 1M ints with Sendrecv
// expect: none
package org.qmpi4j.corpus.mpj.bufferinghazard;

import mpi.*;

/** Corpus program (bufferinghazard, MPJ Express): both ranks exchange 1M ints with Sendrecv. */
public final class SendrecvExchange {
    private SendrecvExchange() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = new int[1 << 20];
        int[] in = new int[1 << 20];
        int peer = 1 - rank;
        world.Sendrecv(out, 0, out.length, MPI.INT, peer, 7, in, 0, in.length, MPI.INT, peer, 7);
        MPI.Finalize();
    }
}
