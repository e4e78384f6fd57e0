// corpus: category=parammatching ranks=2
// intent: ranks start nonblocking scans of ints on one rank and floats on the other
// expect: collective_mismatch lines 21,25
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): ranks start nonblocking scans of ints on one rank and floats on the other. */
public final class NonblockingScanTypes {
    private NonblockingScanTypes() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            IntBuffer in = MPI.newIntBuffer(1);
            IntBuffer out = MPI.newIntBuffer(1);
            world.iScan(in, out, 1, MPI.INT, MPI.SUM).waitFor(); // ERROR
        } else {
            FloatBuffer in = MPI.newFloatBuffer(1);
            FloatBuffer out = MPI.newFloatBuffer(1);
            world.iScan(in, out, 1, MPI.FLOAT, MPI.SUM).waitFor(); // ERROR
        }
        MPI.Finalize();
    }
}
