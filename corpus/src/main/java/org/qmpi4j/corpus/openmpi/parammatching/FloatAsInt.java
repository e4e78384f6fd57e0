// corpus: category=parammatching ranks=2
// intent: rank 0 sends 8 MPI.FLOAT, rank 1 receives the same bytes as 8 MPI.INT
// expect: type_mismatch lines 20,23
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends 8 MPI.FLOAT, rank 1 receives the same bytes as 8 MPI.INT. */
public final class FloatAsInt {
    private FloatAsInt() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            float[] out = new float[8];
            world.send(out, 8, MPI.FLOAT, 1, 5); // ERROR
        } else if (rank == 1) {
            int[] in = new int[8];
            world.recv(in, 8, MPI.INT, 0, 5); // ERROR
        }
        MPI.Finalize();
    }
}
