// corpus: category=parammatching ranks=2
// intent: rank 0 sends 8 MPI.SHORT, rank 1 receives the same bytes as 8 MPI.CHAR
// expect: type_mismatch lines 19,23
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 sends 8 MPI.SHORT, rank 1 receives the same bytes as 8 MPI.CHAR. */
public final class ShortAsChar {
    private ShortAsChar() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        if (rank == 0) {
            short[] out = new short[8];
            world.Send(out, 0, 8, MPI.SHORT, 1, 5); // ERROR
        } else if (rank == 1) {
            char[] in = new char[8];
            try {
                world.Recv(in, 0, 8, MPI.CHAR, 0, 5); // ERROR
            } catch (Exception refused) {
                System.out.println("MPJ refused: " + refused);
            }
        }
        MPI.Finalize();
    }
}
