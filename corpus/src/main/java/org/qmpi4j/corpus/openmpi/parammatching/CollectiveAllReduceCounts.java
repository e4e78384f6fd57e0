// corpus: category=parammatching ranks=2
// intent: ranks allreduce different counts
// expect: collective_mismatch lines 20
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): ranks allreduce different counts. */
public final class CollectiveAllReduceCounts {
    private CollectiveAllReduceCounts() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] in = new int[4];
        int[] out = new int[4];
        world.allReduce(in, out, rank == 0 ? 4 : 2, MPI.INT, MPI.SUM); // ERROR
        MPI.Finalize();
    }
}
