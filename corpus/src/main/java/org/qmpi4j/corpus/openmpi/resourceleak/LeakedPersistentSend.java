// corpus: category=resourceleak ranks=2
// intent: rank 0 never frees a persistent send
// expect: request_leak lines 20
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): rank 0 never frees a persistent send. */
public final class LeakedPersistentSend {
    private LeakedPersistentSend() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            Prequest p = world.sendInit(buf, 1, MPI.INT, 1, 0); // ERROR
            p.start();
            p.waitFor();
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
