// corpus: category=invalidparam ranks=2
// intent: rank 1 receives from MPI.PROC_NULL, which completes at once
// expect: none
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): rank 1 receives from MPI.PROC_NULL, which completes at once. */
public final class RecvFromProcNull {
    private RecvFromProcNull() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {1};
        if (rank == 1) {
            world.Recv(buf, 0, 1, MPI.INT, MPI.PROC_NULL, 0);
        }
        MPI.Finalize();
    }
}
