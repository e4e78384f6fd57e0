// corpus: category=callordering ranks=2
// intent: both ranks receive from each other first
// expect: deadlock lines 19
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): both ranks receive from each other first. */
public final class RecvRecv {
    private RecvRecv() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[1];
        int peer = 1 - rank;
        world.Recv(buf, 0, 1, MPI.INT, peer, 7); // ERROR
        world.Send(buf, 0, 1, MPI.INT, peer, 7);
        MPI.Finalize();
    }
}
