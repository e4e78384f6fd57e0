// corpus: category=parammatching ranks=2
// intent: rank 0 starts a nonblocking barrier, sends to rank 1, waits; rank 1 receives, then starts it
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 starts a nonblocking barrier, sends to rank 1, waits; rank 1 receives, then starts it. */
public final class IBarrierThenPointToPoint {
    private IBarrierThenPointToPoint() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {rank};
        if (rank == 0) {
            Request r = world.iBarrier();
            world.send(buf, 1, MPI.INT, 1, 0);
            r.waitFor();
        } else {
            world.recv(buf, 1, MPI.INT, 0, 0);
            Request r = world.iBarrier();
            r.waitFor();
        }
        MPI.Finalize();
    }
}
