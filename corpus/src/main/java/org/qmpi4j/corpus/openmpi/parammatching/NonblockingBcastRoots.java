// corpus: category=parammatching ranks=2
// intent: ranks start nonblocking broadcasts from different roots
// expect: collective_mismatch lines 19
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): ranks start nonblocking broadcasts from different roots. */
public final class NonblockingBcastRoots {
    private NonblockingBcastRoots() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        Request r = world.iBcast(buf, 1, MPI.INT, rank == 0 ? 0 : 1); // ERROR
        r.waitFor();
        MPI.Finalize();
    }
}
