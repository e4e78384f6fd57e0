// corpus: category=parammatching ranks=2
// intent: rank 0 sends 8 MPI.DOUBLE, rank 1 receives the same bytes as 8 MPI.LONG
// expect: type_mismatch lines 20,23
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends 8 MPI.DOUBLE, rank 1 receives the same bytes as 8 MPI.LONG. */
public final class DoubleAsLong {
    private DoubleAsLong() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            double[] out = new double[8];
            world.send(out, 8, MPI.DOUBLE, 1, 5); // ERROR
        } else if (rank == 1) {
            long[] in = new long[8];
            world.recv(in, 8, MPI.LONG, 0, 5); // ERROR
        }
        MPI.Finalize();
    }
}
