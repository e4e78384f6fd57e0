// corpus: category=invalidparam ranks=2
// intent: rank 1 receives with MPI.ANY_TAG
// expect: none
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): rank 1 receives with MPI.ANY_TAG. */
public final class RecvAnyTag {
    private RecvAnyTag() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {1};
        if (rank == 0) {
            world.Send(buf, 0, 1, MPI.INT, 1, 77);
        } else if (rank == 1) {
            world.Recv(buf, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
        }
        MPI.Finalize();
    }
}
