// corpus: category=localconcurrency ranks=2
// intent: rank 0 receives into a buffer again once the first receive completed
// expect: none
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 receives into a buffer again once the first receive completed. */
public final class ReuseBufferAfterWait {
    private ReuseBufferAfterWait() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(2);
        if (rank == 0) {
            Request a = world.iRecv(buf, 2, MPI.INT, 1, 0);
            a.waitFor();
            Request b = world.iRecv(buf, 2, MPI.INT, 1, 1);
            b.waitFor();
        } else if (rank == 1) {
            world.send(buf, 2, MPI.INT, 0, 0);
            world.send(buf, 2, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
