// corpus: category=requestlifecycle ranks=2
// intent: rank 0 waits for its send twice: the second wait returns at once (MPI made the request MPI_REQUEST_NULL)
// expect: none
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 0 waits for its send twice: the second wait returns at once (MPI made the request MPI_REQUEST_NULL). */
public final class WaitAgainAfterWait {
    private WaitAgainAfterWait() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            Request r = world.iSend(buf, 1, MPI.INT, 1, 0);
            r.waitFor();
            r.waitFor();
        } else if (rank == 1) {
            Request r = world.iRecv(buf, 1, MPI.INT, 0, 0);
            r.waitFor();
            r.waitFor();
            r.free();
        }
        MPI.Finalize();
    }
}
