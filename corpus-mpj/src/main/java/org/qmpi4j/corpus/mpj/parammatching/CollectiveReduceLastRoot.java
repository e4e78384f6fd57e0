// corpus: category=parammatching ranks=3
// intent: every rank reduces to the last rank
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): every rank reduces to the last rank. */
public final class CollectiveReduceLastRoot {
    private CollectiveReduceLastRoot() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = {rank};
        int[] out = new int[1];
        world.Reduce(in, 0, out, 0, 1, MPI.INT, MPI.SUM, size - 1);
        MPI.Finalize();
    }
}
