// corpus: category=requestlifecycle ranks=2
// intent: rank 1 loops on getStatus() until its receive completed, then frees it
// expect: none
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 1 loops on getStatus() until its receive completed, then frees it. */
public final class GetStatusLoopThenFree {
    private GetStatusLoopThenFree() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 1) {
            Request r = world.iRecv(buf, 1, MPI.INT, 0, 0);
            while (r.getStatus() == null) {
                Thread.onSpinWait();
            }
            r.free();
        } else if (rank == 0) {
            world.send(buf, 1, MPI.INT, 1, 0);
        }
        MPI.Finalize();
    }
}
