// corpus: category=resourceleak ranks=2
// intent: persistent send and receive, started three times, then freed
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): persistent send and receive, started three times, then freed. */
public final class FreedPersistentPair {
    private FreedPersistentPair() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        Prequest p = rank == 0 ? world.sendInit(buf, 1, MPI.INT, 1, 0) : world.recvInit(buf, 1, MPI.INT, 0, 0);
        for (int i = 0; i < 3; i++) {
            p.start();
            p.waitFor();
        }
        p.free();
        MPI.Finalize();
    }
}
