// corpus: category=parammatching ranks=3
// intent: every rank allgathers a long
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): every rank allgathers a long. */
public final class CollectiveAllgather {
    private CollectiveAllgather() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        long[] in = {rank};
        long[] out = new long[size];
        world.Allgather(in, 0, 1, MPI.LONG, out, 0, 1, MPI.LONG);
        MPI.Finalize();
    }
}
