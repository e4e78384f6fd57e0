// corpus: category=invalidparam ranks=2
// intent: rank 0 sends to MPI.PROC_NULL, which completes at once
// expect: none
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): rank 0 sends to MPI.PROC_NULL, which completes at once. */
public final class SendToProcNull {
    private SendToProcNull() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {1};
        if (rank == 0) {
            world.Send(buf, 0, 1, MPI.INT, MPI.PROC_NULL, 0);
        }
        MPI.Finalize();
    }
}
