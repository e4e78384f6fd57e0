// corpus: category=requestlifecycle ranks=2
// intent: rank 1 frees its receive after it completed
// expect: none
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 1 frees its receive after it completed. */
public final class FreeAfterWait {
    private FreeAfterWait() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 1) {
            Request r = world.iRecv(buf, 1, MPI.INT, 0, 0);
            r.waitFor();
            r.free();
        } else if (rank == 0) {
            world.send(buf, 1, MPI.INT, 1, 0);
        }
        MPI.Finalize();
    }
}
