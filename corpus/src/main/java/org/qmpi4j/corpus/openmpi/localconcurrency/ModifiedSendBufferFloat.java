// corpus: category=localconcurrency ranks=2
// intent: rank 0 writes into a nonblocking send's float buffer before waiting
// expect: buffer_modified lines 20,22
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 writes into a nonblocking send's float buffer before waiting. */
public final class ModifiedSendBufferFloat {
    private ModifiedSendBufferFloat() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        FloatBuffer buf = MPI.newFloatBuffer(8);
        if (rank == 0) {
            Request r = world.iSend(buf, 8, MPI.FLOAT, 1, 0); // ERROR
            buf.put(2, 1f);
            r.waitFor(); // ERROR
        } else if (rank == 1) {
            world.recv(buf, 8, MPI.FLOAT, 0, 0);
        }
        MPI.Finalize();
    }
}
