// corpus: category=bufferinghazard ranks=4
// intent: even ranks send first, odd ranks receive first: 1M ints, no buffering needed
// expect: none
package org.qmpi4j.corpus.mpj.bufferinghazard;

import mpi.*;

/** Corpus program (bufferinghazard, MPJ Express): even ranks send first, odd ranks receive first: 1M ints, no buffering needed. */
public final class OrderedByParity {
    private OrderedByParity() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = new int[1 << 20];
        int[] in = new int[1 << 20];
        int peer = rank ^ 1;
        if (rank % 2 == 0) {
            world.Send(out, 0, out.length, MPI.INT, peer, 7);
            world.Recv(in, 0, in.length, MPI.INT, peer, 7);
        } else {
            world.Recv(in, 0, in.length, MPI.INT, peer, 7);
            world.Send(out, 0, out.length, MPI.INT, peer, 7);
        }
        MPI.Finalize();
    }
}
