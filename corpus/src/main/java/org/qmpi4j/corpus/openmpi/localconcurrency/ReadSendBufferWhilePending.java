// corpus: category=localconcurrency ranks=2
// intent: rank 0 reads (does not write) its send buffer while the send is pending: allowed
// expect: none
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 reads (does not write) its send buffer while the send is pending: allowed. */
public final class ReadSendBufferWhilePending {
    private ReadSendBufferWhilePending() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(4);
        if (rank == 0) {
            buf.put(1, 3);
            Request r = world.iSend(buf, 4, MPI.INT, 1, 0);
            int seen = buf.get(1);
            r.waitFor();
            System.out.println("read " + seen);
        } else if (rank == 1) {
            world.recv(buf, 4, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
