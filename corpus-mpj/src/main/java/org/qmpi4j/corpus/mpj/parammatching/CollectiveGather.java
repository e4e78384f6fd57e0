// corpus: category=parammatching ranks=3
// intent: every rank gathers 2 ints at rank 0
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): every rank gathers 2 ints at rank 0. */
public final class CollectiveGather {
    private CollectiveGather() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = new int[2];
        int[] out = new int[2 * size];
        world.Gather(in, 0, 2, MPI.INT, out, 0, 2, MPI.INT, 0);
        MPI.Finalize();
    }
}
