// corpus: category=requestlifecycle ranks=2
// intent: rank 0 completes two receives with two waitAny calls
// expect: none
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 0 completes two receives with two waitAny calls. */
public final class WaitAnyTwice {
    private WaitAnyTwice() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer a = MPI.newIntBuffer(1);
        IntBuffer b = MPI.newIntBuffer(1);
        if (rank == 0) {
            Request[] rs = {world.iRecv(a, 1, MPI.INT, 1, 0), world.iRecv(b, 1, MPI.INT, 1, 1)};
            Request.waitAny(rs);
            Request.waitAny(rs);
        } else if (rank == 1) {
            world.send(a, 1, MPI.INT, 0, 1);
            world.send(b, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
