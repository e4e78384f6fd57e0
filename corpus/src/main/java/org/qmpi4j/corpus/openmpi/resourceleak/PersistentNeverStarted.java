// corpus: category=resourceleak ranks=2
// intent: a persistent request made and freed without ever being started
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a persistent request made and freed without ever being started. */
public final class PersistentNeverStarted {
    private PersistentNeverStarted() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        Prequest p = world.sendInit(buf, 1, MPI.INT, (rank + 1) % size, 0);
        p.free();
        MPI.Finalize();
    }
}
