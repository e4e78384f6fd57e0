// corpus: category=localconcurrency ranks=2
// intent: rank 0 writes into its send buffer and completes the send with test()
// expect: buffer_modified lines 20,22
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 writes into its send buffer and completes the send with test(). */
public final class ModifiedBeforeTest {
    private ModifiedBeforeTest() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(4);
        if (rank == 0) {
            Request r = world.iSend(buf, 4, MPI.INT, 1, 0); // ERROR
            buf.put(0, 9);
            while (!r.test()) { // ERROR
                Thread.onSpinWait();
            }
        } else if (rank == 1) {
            world.recv(buf, 4, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
