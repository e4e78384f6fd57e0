// corpus: category=invalidparam ranks=2
// intent: rank 0 sends 0 elements
// expect: none
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): rank 0 sends 0 elements. */
public final class ZeroCount {
    private ZeroCount() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[0];
        if (rank == 0) {
            world.Send(buf, 0, 0, MPI.INT, 1, 1);
        } else if (rank == 1) {
            world.Recv(buf, 0, 0, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
