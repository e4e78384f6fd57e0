// corpus: category=resourceleak ranks=2
// intent: rank 0 waits for its nonblocking send
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): rank 0 waits for its nonblocking send. */
public final class WaitedISend {
    private WaitedISend() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            world.iSend(buf, 1, MPI.INT, 1, 0).waitFor();
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
