// corpus: category=parammatching ranks=2
// intent: rank 0 sends 8 MPI.BYTE, rank 1 receives the same bytes as 1 MPI.LONG
// expect: type_mismatch lines 19,23
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 0 sends 8 MPI.BYTE, rank 1 receives the same bytes as 1 MPI.LONG. */
public final class ByteAsLong {
    private ByteAsLong() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        if (rank == 0) {
            byte[] out = new byte[8];
            world.Send(out, 0, 8, MPI.BYTE, 1, 5); // ERROR
        } else if (rank == 1) {
            long[] in = new long[1];
            try {
                world.Recv(in, 0, 1, MPI.LONG, 0, 5); // ERROR
            } catch (Exception refused) {
                System.out.println("MPJ refused: " + refused);
            }
        }
        MPI.Finalize();
    }
}
