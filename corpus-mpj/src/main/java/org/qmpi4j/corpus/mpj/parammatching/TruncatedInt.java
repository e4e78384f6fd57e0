// corpus: category=parammatching ranks=2
// intent: rank 0 sends 6 MPI.INT, rank 1 posts a receive for 4
// expect: truncation lines 22
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 sends 6 MPI.INT, rank 1 posts a receive for 4. */
public final class TruncatedInt {
    private TruncatedInt() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[6];
        if (rank == 0) {
            world.Send(buf, 0, 6, MPI.INT, 1, 7);
        } else if (rank == 1) {
            try {
                world.Recv(buf, 0, 4, MPI.INT, 0, 7); // ERROR
            } catch (Exception refused) {
                System.out.println("MPJ refused: " + refused);
            }
        }
        MPI.Finalize();
    }
}
