// corpus: category=parammatching ranks=2
// intent: ranks reduce with different operations
// expect: collective_mismatch lines 20
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): ranks reduce with different operations. */
public final class CollectiveReduceOps {
    private CollectiveReduceOps() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] in = {rank};
        int[] out = new int[1];
        world.reduce(in, out, 1, MPI.INT, rank == 0 ? MPI.SUM : MPI.MAX, 0); // ERROR
        MPI.Finalize();
    }
}
