// corpus: category=requestlifecycle ranks=2
// intent: a persistent receive started again only after each wait
// expect: none
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): a persistent receive started again only after each wait. */
public final class PersistentRestartAfterWait {
    private PersistentRestartAfterWait() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 1) {
            Prequest p = world.recvInit(buf, 1, MPI.INT, 0, 0);
            for (int i = 0; i < 4; i++) {
                p.start();
                p.waitFor();
            }
            p.free();
        } else if (rank == 0) {
            for (int i = 0; i < 4; i++) {
                world.send(buf, 1, MPI.INT, 1, 0);
            }
        }
        MPI.Finalize();
    }
}
