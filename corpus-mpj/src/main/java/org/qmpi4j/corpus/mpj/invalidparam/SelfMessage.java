// corpus: category=invalidparam ranks=2
// intent: each rank sends itself a message with Sendrecv
// expect: none
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): each rank sends itself a message with Sendrecv. */
public final class SelfMessage {
    private SelfMessage() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = {rank};
        int[] in = new int[1];
        world.Sendrecv(out, 0, 1, MPI.INT, rank, 0, in, 0, 1, MPI.INT, rank, 0);
        MPI.Finalize();
    }
}
