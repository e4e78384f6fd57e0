// corpus: category=invalidparam ranks=3
// intent: a non-periodic shift with Sendrecv: the end ranks talk to MPI.PROC_NULL
// expect: none
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): a non-periodic shift with Sendrecv: the end ranks talk to MPI.PROC_NULL. */
public final class RingWithProcNullEnds {
    private RingWithProcNullEnds() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = {rank};
        int[] in = new int[1];
        int right = rank + 1 < size ? rank + 1 : MPI.PROC_NULL;
        int left = rank > 0 ? rank - 1 : MPI.PROC_NULL;
        world.Sendrecv(out, 0, 1, MPI.INT, right, 2, in, 0, 1, MPI.INT, left, 2);
        MPI.Finalize();
    }
}
