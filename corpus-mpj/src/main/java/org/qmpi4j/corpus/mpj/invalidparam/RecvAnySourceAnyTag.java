// corpus: category=invalidparam ranks=3
// intent: rank 0 receives one message from each other rank with both wildcards
// expect: none
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): rank 0 receives one message from each other rank with both wildcards. */
public final class RecvAnySourceAnyTag {
    private RecvAnySourceAnyTag() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            for (int i = 1; i < size; i++) {
                world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            }
        } else {
            world.Send(buf, 0, 1, MPI.INT, 0, rank);
        }
        MPI.Finalize();
    }
}
