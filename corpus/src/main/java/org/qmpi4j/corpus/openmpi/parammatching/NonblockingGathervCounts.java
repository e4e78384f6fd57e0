// corpus: category=parammatching ranks=2
// intent: rank 1 starts a nonblocking gatherv of 2 ints whose root expects 1 from it
// expect: collective_mismatch lines 22
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 1 starts a nonblocking gatherv of 2 ints whose root expects 1 from it. */
public final class NonblockingGathervCounts {
    private NonblockingGathervCounts() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer in = MPI.newIntBuffer(2);
        IntBuffer out = MPI.newIntBuffer(4);
        int[] counts = {1, 1};
        int[] displs = {0, 1};
        Request r = world.iGatherv(in, rank == 0 ? 1 : 2, MPI.INT, out, counts, displs, MPI.INT, 0); // ERROR
        r.waitFor();
        MPI.Finalize();
    }
}
