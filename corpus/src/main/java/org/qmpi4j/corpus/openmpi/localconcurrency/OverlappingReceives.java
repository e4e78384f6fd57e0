// corpus: category=localconcurrency ranks=2
// intent: rank 0 posts two receives into the same buffer
// expect: overlapping_buffers lines 20,21
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 posts two receives into the same buffer. */
public final class OverlappingReceives {
    private OverlappingReceives() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(2);
        if (rank == 0) {
            Request a = world.iRecv(buf, 2, MPI.INT, 1, 0); // ERROR
            Request b = world.iRecv(buf, 2, MPI.INT, 1, 1); // ERROR
            a.waitFor();
            b.waitFor();
        } else if (rank == 1) {
            world.send(buf, 2, MPI.INT, 0, 0);
            world.send(buf, 2, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
