// corpus: category=parammatching ranks=2
// intent: rank 0 sends 8 MPI.CHAR, rank 1 receives the same bytes as 16 MPI.BYTE
// expect: type_mismatch lines 20,23
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends 8 MPI.CHAR, rank 1 receives the same bytes as 16 MPI.BYTE. */
public final class CharAsByte {
    private CharAsByte() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            char[] out = new char[8];
            world.send(out, 8, MPI.CHAR, 1, 5); // ERROR
        } else if (rank == 1) {
            byte[] in = new byte[16];
            world.recv(in, 16, MPI.BYTE, 0, 5); // ERROR
        }
        MPI.Finalize();
    }
}
