// corpus: category=resourceleak ranks=2
// intent: ranks exchange one int with Isend and Irecv and wait for both
// expect: none
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): ranks exchange one int with Isend and Irecv and wait for both. */
public final class WaitedIsendIrecv {
    private WaitedIsendIrecv() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = {rank};
        int[] in = new int[1];
        int peer = 1 - rank;
        Request[] both = {world.Isend(out, 0, 1, MPI.INT, peer, 0), world.Irecv(in, 0, 1, MPI.INT, peer, 0)};
        Request.Waitall(both);
        MPI.Finalize();
    }
}
