// corpus: category=invalidparam ranks=2
// intent: every rank reduces to root -9
// expect: invalid_argument lines 20
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): every rank reduces to root -9. */
public final class ReduceRootNegative {
    private ReduceRootNegative() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = new int[1];
        int[] out = new int[1];
        try {
            world.Reduce(in, 0, out, 0, 1, MPI.INT, MPI.SUM, -9); // ERROR
        } catch (Exception refused) {
            System.out.println("MPJ refused: " + refused);
        }
        MPI.Finalize();
    }
}
