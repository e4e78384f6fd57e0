// corpus: category=localconcurrency ranks=2
// intent: rank 0 receives into two slices of one direct buffer that share an element
// expect: overlapping_buffers lines 20,21
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 receives into two slices of one direct buffer that share an element. */
public final class OverlappingSlices {
    private OverlappingSlices() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(4);
        if (rank == 0) {
            Request a = world.iRecv(MPI.slice(buf, 0), 3, MPI.INT, 1, 0); // ERROR
            Request b = world.iRecv(MPI.slice(buf, 2), 2, MPI.INT, 1, 1); // ERROR
            a.waitFor();
            b.waitFor();
        } else if (rank == 1) {
            world.send(buf, 3, MPI.INT, 0, 0);
            world.send(buf, 2, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
