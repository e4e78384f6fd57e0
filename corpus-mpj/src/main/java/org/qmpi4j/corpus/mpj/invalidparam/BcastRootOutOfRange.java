// corpus: category=invalidparam ranks=2
// intent: every rank broadcasts from root `size`
// expect: invalid_argument lines 19
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): every rank broadcasts from root size. */
public final class BcastRootOutOfRange {
    private BcastRootOutOfRange() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[1];
        try {
            world.Bcast(buf, 0, 1, MPI.INT, size); // ERROR
        } catch (Exception refused) {
            System.out.println("MPJ refused: " + refused);
        }
        MPI.Finalize();
    }
}
