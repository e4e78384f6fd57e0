// corpus: category=requestlifecycle ranks=2
// intent: rank 0 starts a persistent send again while it is still active
// expect: request_misuse lines 21,22
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 0 starts a persistent send again while it is still active. */
public final class RestartActivePersistent {
    private RestartActivePersistent() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            Prequest p = world.sendInit(buf, 1, MPI.INT, 1, 0);
            p.start(); // ERROR
            p.start(); // ERROR
            p.waitFor();
            p.free();
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0);
            world.recv(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
