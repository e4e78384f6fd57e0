// corpus: category=localconcurrency ranks=2
// intent: rank 0 writes into its short send buffer only after the wait
// expect: none
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 writes into its short send buffer only after the wait. */
public final class WriteAfterWaitShort {
    private WriteAfterWaitShort() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        ShortBuffer buf = MPI.newShortBuffer(8);
        if (rank == 0) {
            Request r = world.iSend(buf, 8, MPI.SHORT, 1, 0);
            r.waitFor();
            buf.put(2, (short) 1);
        } else if (rank == 1) {
            world.recv(buf, 8, MPI.SHORT, 0, 0);
        }
        MPI.Finalize();
    }
}
