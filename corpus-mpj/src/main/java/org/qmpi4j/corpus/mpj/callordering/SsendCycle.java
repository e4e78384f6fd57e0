// corpus: category=callordering ranks=2
// intent: both ranks synchronously send to each other first
// expect: deadlock lines 19
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): both ranks synchronously send to each other first. */
public final class SsendCycle {
    private SsendCycle() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[1];
        int peer = 1 - rank;
        world.Ssend(buf, 0, 1, MPI.INT, peer, 7); // ERROR
        world.Recv(buf, 0, 1, MPI.INT, peer, 7);
        MPI.Finalize();
    }
}
