// corpus: category=callordering ranks=2
// intent: rank 1 sleeps longer than the deadlock timeout before it sends; rank 0 waits
// expect: none
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): rank 1 sleeps longer than the deadlock timeout before it sends; rank 0 waits. */
public final class SlowRank {
    private SlowRank() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[1];
        if (rank == 0) {
            world.Recv(buf, 0, 1, MPI.INT, 1, 7);
        } else if (rank == 1) {
            Thread.sleep(4000);
            world.Send(buf, 0, 1, MPI.INT, 0, 7);
        }
        MPI.Finalize();
    }
}
