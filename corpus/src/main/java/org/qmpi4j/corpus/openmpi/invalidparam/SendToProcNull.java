// corpus: category=invalidparam ranks=3
// intent: rank 0 sends to MPI_PROC_NULL, which completes at once
// expect: none
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): rank 0 sends to MPI_PROC_NULL, which completes at once. */
public final class SendToProcNull {
    private SendToProcNull() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {1};
        if (rank == 0) {
            world.send(buf, 1, MPI.INT, MPI.PROC_NULL, 0);
        }
        MPI.Finalize();
    }
}
