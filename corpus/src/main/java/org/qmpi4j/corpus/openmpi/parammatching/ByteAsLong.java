// corpus: category=parammatching ranks=2
// intent: rank 0 sends 8 MPI.BYTE, rank 1 receives the same bytes as 1 MPI.LONG
// expect: type_mismatch lines 20,23
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends 8 MPI.BYTE, rank 1 receives the same bytes as 1 MPI.LONG. */
public final class ByteAsLong {
    private ByteAsLong() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            byte[] out = new byte[8];
            world.send(out, 8, MPI.BYTE, 1, 5); // ERROR
        } else if (rank == 1) {
            long[] in = new long[1];
            world.recv(in, 1, MPI.LONG, 0, 5); // ERROR
        }
        MPI.Finalize();
    }
}
