// corpus: category=requestlifecycle ranks=2
// intent: rank 0 frees an active send request (allowed; the barrier after the receive orders it)
// expect: none
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 0 frees an active send request (allowed; the barrier after the receive orders it). */
public final class FreeActiveSend {
    private FreeActiveSend() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            Request r = world.iSend(buf, 1, MPI.INT, 1, 0);
            r.free();
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0);
        }
        world.barrier();
        MPI.Finalize();
    }
}
