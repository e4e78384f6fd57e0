// corpus: category=resourceleak ranks=2
// intent: rank 0 never completes a nonblocking send
// expect: request_leak lines 20
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): rank 0 never completes a nonblocking send. */
public final class LeakedISend {
    private LeakedISend() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            world.iSend(buf, 1, MPI.INT, 1, 0); // ERROR
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0);
        }
        world.barrier();
        MPI.Finalize();
    }
}
