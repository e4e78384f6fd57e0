// corpus: category=parammatching ranks=2
// intent: ranks reduce to different roots
// expect: collective_mismatch lines 19
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): ranks reduce to different roots. */
public final class CollectiveReduceRoots {
    private CollectiveReduceRoots() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        double[] in = {rank};
        double[] out = new double[1];
        world.Reduce(in, 0, out, 0, 1, MPI.DOUBLE, MPI.SUM, rank == 0 ? 0 : 1); // ERROR
        MPI.Finalize();
    }
}
