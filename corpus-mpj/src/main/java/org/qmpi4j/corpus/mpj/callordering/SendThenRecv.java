// corpus: category=callordering ranks=2
// intent: rank 0 sends then receives, rank 1 receives then sends
// expect: none
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): rank 0 sends then receives, rank 1 receives then sends. */
public final class SendThenRecv {
    private SendThenRecv() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[1];
        if (rank == 0) {
            world.Send(buf, 0, 1, MPI.INT, 1, 7);
            world.Recv(buf, 0, 1, MPI.INT, 1, 7);
        } else if (rank == 1) {
            world.Recv(buf, 0, 1, MPI.INT, 0, 7);
            world.Send(buf, 0, 1, MPI.INT, 0, 7);
        }
        MPI.Finalize();
    }
}
