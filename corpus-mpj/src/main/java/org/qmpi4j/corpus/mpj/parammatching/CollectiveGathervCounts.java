// corpus: category=parammatching ranks=3
// intent: ranks gatherv one int each, at displacements of 2: counts and places agree
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): ranks gatherv one int each, at displacements of 2: counts and places agree. */
public final class CollectiveGathervCounts {
    private CollectiveGathervCounts() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = {rank};
        int[] out = new int[2 * size];
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int i = 0; i < size; i++) {
            counts[i] = 1;
            displs[i] = 2 * i;
        }
        world.Gatherv(in, 0, 1, MPI.INT, out, 0, counts, displs, MPI.INT, 0);
        MPI.Finalize();
    }
}
