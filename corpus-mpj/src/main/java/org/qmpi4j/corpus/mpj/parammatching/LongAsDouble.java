// corpus: category=parammatching ranks=2
// intent: rank 0 sends 8 MPI.LONG, rank 1 receives the same bytes as 8 MPI.DOUBLE
// expect: type_mismatch lines 19,23
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 sends 8 MPI.LONG, rank 1 receives the same bytes as 8 MPI.DOUBLE. */
public final class LongAsDouble {
    private LongAsDouble() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        if (rank == 0) {
            long[] out = new long[8];
            world.Send(out, 0, 8, MPI.LONG, 1, 5); // ERROR
        } else if (rank == 1) {
            double[] in = new double[8];
            try {
                world.Recv(in, 0, 8, MPI.DOUBLE, 0, 5); // ERROR
            } catch (Exception refused) {
                System.out.println("MPJ refused: " + refused);
            }
        }
        MPI.Finalize();
    }
}
