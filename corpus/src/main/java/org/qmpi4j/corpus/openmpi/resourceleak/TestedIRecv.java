// corpus: category=resourceleak ranks=2
// intent: rank 1 tests its nonblocking receive until it completes
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): rank 1 tests its nonblocking receive until it completes. */
public final class TestedIRecv {
    private TestedIRecv() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            world.send(buf, 1, MPI.INT, 1, 0);
        } else if (rank == 1) {
            Request r = world.iRecv(buf, 1, MPI.INT, 0, 0);
            while (!r.test()) {
                Thread.onSpinWait();
            }
        }
        MPI.Finalize();
    }
}
