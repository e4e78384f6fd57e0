// corpus: category=localconcurrency ranks=2
// intent: each rank receives (blocking) into the buffer of its own send still pending
// expect: overlapping_buffers lines 20,21
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): each rank receives (blocking) into the buffer of its own send still pending. */
public final class RecvIntoPendingSend {
    private RecvIntoPendingSend() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(4);
        int peer = 1 - rank;
        Request r = world.iSend(buf, 4, MPI.INT, peer, 0); // ERROR
        world.recv(buf, 4, MPI.INT, peer, 0); // ERROR
        r.waitFor();
        MPI.Finalize();
    }
}
