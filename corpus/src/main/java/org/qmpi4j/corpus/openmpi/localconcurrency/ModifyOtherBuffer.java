// corpus: category=localconcurrency ranks=2
// intent: rank 0 writes into a different buffer while its send is pending
// expect: none
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 writes into a different buffer while its send is pending. */
public final class ModifyOtherBuffer {
    private ModifyOtherBuffer() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(4);
        IntBuffer next = MPI.newIntBuffer(4);
        if (rank == 0) {
            Request r = world.iSend(buf, 4, MPI.INT, 1, 0);
            next.put(0, 7);
            r.waitFor();
        } else if (rank == 1) {
            world.recv(buf, 4, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
