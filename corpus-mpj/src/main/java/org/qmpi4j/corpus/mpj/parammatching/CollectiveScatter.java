// corpus: category=parammatching ranks=3
// intent: rank 0 scatters 2 ints to each
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 scatters 2 ints to each. */
public final class CollectiveScatter {
    private CollectiveScatter() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = new int[2 * size];
        int[] out = new int[2];
        world.Scatter(in, 0, 2, MPI.INT, out, 0, 2, MPI.INT, 0);
        MPI.Finalize();
    }
}
