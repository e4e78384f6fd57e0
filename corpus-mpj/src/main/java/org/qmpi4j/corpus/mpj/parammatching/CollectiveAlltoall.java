// corpus: category=parammatching ranks=3
// intent: every rank exchanges one int with each
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): every rank exchanges one int with each. */
public final class CollectiveAlltoall {
    private CollectiveAlltoall() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = new int[size];
        int[] out = new int[size];
        world.Alltoall(in, 0, 1, MPI.INT, out, 0, 1, MPI.INT);
        MPI.Finalize();
    }
}
