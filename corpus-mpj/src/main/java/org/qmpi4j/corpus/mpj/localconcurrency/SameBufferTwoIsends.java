// corpus: category=localconcurrency ranks=3
// intent: rank 0 sends one array to two ranks with two pending Isends (only reads: allowed)
// expect: none
package org.qmpi4j.corpus.mpj.localconcurrency;

import mpi.*;

/** Corpus program (localconcurrency, MPJ Express): rank 0 sends one array to two ranks with two pending Isends (only reads: allowed). */
public final class SameBufferTwoIsends {
    private SameBufferTwoIsends() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {1, 2, 3};
        if (rank == 0) {
            Request a = world.Isend(buf, 0, 3, MPI.INT, 1, 0);
            Request b = world.Isend(buf, 0, 3, MPI.INT, 2, 0);
            Request.Waitall(new Request[] {a, b});
        } else {
            world.Recv(buf, 0, 3, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
