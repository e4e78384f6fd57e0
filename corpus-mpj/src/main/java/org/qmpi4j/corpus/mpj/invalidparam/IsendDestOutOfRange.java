// corpus: category=invalidparam ranks=2
// intent: rank 0 starts a nonblocking send to rank size + 3
// expect: invalid_argument lines 20
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): rank 0 starts a nonblocking send to rank size + 3. */
public final class IsendDestOutOfRange {
    private IsendDestOutOfRange() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[1];
        if (rank == 0) {
            try {
                world.Isend(buf, 0, 1, MPI.INT, size + 3, 0).Wait(); // ERROR
            } catch (Exception refused) {
                System.out.println("MPJ refused: " + refused);
            }
        }
        world.Barrier();
        MPI.Finalize();
    }
}
