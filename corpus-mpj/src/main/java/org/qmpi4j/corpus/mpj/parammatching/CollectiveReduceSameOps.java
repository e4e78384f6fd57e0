// corpus: category=parammatching ranks=3
// intent: every rank reduces with MPI.PROD, then allreduces with MPI.MIN: the same predefined operations everywhere
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): every rank reduces with MPI.PROD, then allreduces with MPI.MIN: the same predefined operations everywhere. */
public final class CollectiveReduceSameOps {
    private CollectiveReduceSameOps() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = {rank + 1};
        int[] out = new int[1];
        world.Reduce(in, 0, out, 0, 1, MPI.INT, MPI.PROD, 0);
        world.Allreduce(in, 0, out, 0, 1, MPI.INT, MPI.MIN);
        MPI.Finalize();
    }
}
