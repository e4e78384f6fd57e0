// corpus: category=requestlifecycle ranks=2
// intent: rank 0 frees its active send's request, then waits for it: the wait returns at once
// expect: request_misuse lines 21,22
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 0 frees its active send's request, then waits for it: the wait returns at once. */
public final class WaitAfterFreeingActive {
    private WaitAfterFreeingActive() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            Request r = world.iSend(buf, 1, MPI.INT, 1, 0);
            r.free(); // ERROR
            r.waitFor(); // ERROR
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0);
        }
        world.barrier();
        MPI.Finalize();
    }
}
