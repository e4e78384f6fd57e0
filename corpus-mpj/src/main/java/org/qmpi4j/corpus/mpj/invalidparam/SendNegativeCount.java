// corpus: category=invalidparam ranks=2
// intent: rank 0 sends -1 elements
// expect: invalid_argument lines 20
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): rank 0 sends -1 elements. */
public final class SendNegativeCount {
    private SendNegativeCount() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[1];
        if (rank == 0) {
            try {
                world.Send(buf, 0, -1, MPI.INT, 1, 0); // ERROR
            } catch (Exception refused) {
                System.out.println("MPJ refused: " + refused);
            }
        }
        world.Barrier();
        MPI.Finalize();
    }
}
