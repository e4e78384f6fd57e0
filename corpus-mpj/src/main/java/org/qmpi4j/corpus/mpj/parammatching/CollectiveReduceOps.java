// corpus: category=parammatching ranks=2
// intent: ranks reduce with different operations
// expect: collective_mismatch lines 19
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): ranks reduce with different operations. */
public final class CollectiveReduceOps {
    private CollectiveReduceOps() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = {rank};
        int[] out = new int[1];
        world.Reduce(in, 0, out, 0, 1, MPI.INT, rank == 0 ? MPI.SUM : MPI.MAX, 0); // ERROR
        MPI.Finalize();
    }
}
