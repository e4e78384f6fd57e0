// corpus: category=parammatching ranks=2
// intent: ranks gather different counts
// expect: collective_mismatch lines 20
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): ranks gather different counts. */
public final class CollectiveGatherCounts {
    private CollectiveGatherCounts() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] in = new int[2];
        int[] out = new int[2 * size];
        world.gather(in, rank == 0 ? 2 : 1, MPI.INT, out, 2, MPI.INT, 0); // ERROR
        MPI.Finalize();
    }
}
