// corpus: category=invalidparam ranks=2
// intent: rank 0 sends the last 2 of 6 ints (offset 4), rank 1 receives them at offset 1
// expect: none
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): rank 0 sends the last 2 of 6 ints (offset 4), rank 1 receives them at offset 1. */
public final class OffsetPastHalf {
    private OffsetPastHalf() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[6];
        if (rank == 0) {
            world.Send(buf, 4, 2, MPI.INT, 1, 1);
        } else if (rank == 1) {
            world.Recv(buf, 1, 2, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
