// corpus: category=parammatching ranks=2
// intent: rank 0 sends 8 MPI.FLOAT, rank 1 receives the same bytes as 8 MPI.INT
// expect: type_mismatch lines 19,23
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 sends 8 MPI.FLOAT, rank 1 receives the same bytes as 8 MPI.INT. */
public final class FloatAsInt {
    private FloatAsInt() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        if (rank == 0) {
            float[] out = new float[8];
            world.Send(out, 0, 8, MPI.FLOAT, 1, 5); // ERROR
        } else if (rank == 1) {
            int[] in = new int[8];
            try {
                world.Recv(in, 0, 8, MPI.INT, 0, 5); // ERROR
            } catch (Exception refused) {
                System.out.println("MPJ refused: " + refused);
            }
        }
        MPI.Finalize();
    }
}
