// corpus: category=localconcurrency ranks=2
// intent: rank 0 receives into two disjoint slices of one buffer at once
// expect: none
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 receives into two disjoint slices of one buffer at once. */
public final class DisjointSlices {
    private DisjointSlices() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(4);
        if (rank == 0) {
            Request a = world.iRecv(MPI.slice(buf, 0), 2, MPI.INT, 1, 0);
            Request b = world.iRecv(MPI.slice(buf, 2), 2, MPI.INT, 1, 1);
            a.waitFor();
            b.waitFor();
        } else if (rank == 1) {
            world.send(buf, 2, MPI.INT, 0, 0);
            world.send(buf, 2, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
