// corpus: category=parammatching ranks=2
// intent: rank 0 sends 4 MPI.INT and rank 1 receives 4 MPI.INT: types match
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 sends 4 MPI.INT and rank 1 receives 4 MPI.INT: types match. */
public final class MatchedInt {
    private MatchedInt() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[4];
        if (rank == 0) {
            world.Send(buf, 0, 4, MPI.INT, 1, 3);
        } else if (rank == 1) {
            world.Recv(buf, 0, 4, MPI.INT, 0, 3);
        }
        MPI.Finalize();
    }
}
