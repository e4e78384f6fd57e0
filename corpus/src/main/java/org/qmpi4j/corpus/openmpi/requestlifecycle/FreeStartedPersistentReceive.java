// corpus: category=requestlifecycle ranks=2
// intent: rank 1 frees a started persistent receive before it completed
// expect: active_request_freed lines 20,21,22
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 1 frees a started persistent receive before it completed. */
public final class FreeStartedPersistentReceive {
    private FreeStartedPersistentReceive() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 1) {
            Prequest p = world.recvInit(buf, 1, MPI.INT, 0, 0); // ERROR
            p.start(); // ERROR
            p.free(); // ERROR
        } else if (rank == 0) {
            world.send(buf, 1, MPI.INT, 1, 0);
        }
        world.barrier();
        MPI.Finalize();
    }
}
