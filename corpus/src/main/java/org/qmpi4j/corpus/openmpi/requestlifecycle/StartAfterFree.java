// corpus: category=requestlifecycle ranks=2
// intent: rank 0 starts a persistent send it has freed
// expect: request_misuse lines 24,26
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 0 starts a persistent send it has freed. */
public final class StartAfterFree {
    private StartAfterFree() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            Prequest p = world.sendInit(buf, 1, MPI.INT, 1, 0);
            p.start();
            p.waitFor();
            p.free(); // ERROR
            try {
                p.start(); // ERROR
            } catch (MPIException refused) {
                System.out.println("MPI refused: " + refused.getMessage());
            }
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0);
        }
        world.barrier();
        MPI.Finalize();
    }
}
