// corpus: category=invalidparam ranks=3
// intent: rank 0 starts a nonblocking send to MPI_PROC_NULL and waits for it
// expect: none
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): rank 0 starts a nonblocking send to MPI_PROC_NULL and waits for it. */
public final class ProcNullNonblocking {
    private ProcNullNonblocking() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            world.iSend(buf, 1, MPI.INT, MPI.PROC_NULL, 0).waitFor();
        }
        MPI.Finalize();
    }
}
