// corpus: category=localconcurrency ranks=2
// intent: rank 0 sends from and receives into one buffer at the same time
// expect: overlapping_buffers lines 20,21
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 sends from and receives into one buffer at the same time. */
public final class SendAndReceiveSameBuffer {
    private SendAndReceiveSameBuffer() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(2);
        int peer = 1 - rank;
        Request a = world.iRecv(buf, 2, MPI.INT, peer, 0); // ERROR
        Request b = world.iSend(buf, 2, MPI.INT, peer, 0); // ERROR
        a.waitFor();
        b.waitFor();
        MPI.Finalize();
    }
}
