// corpus: category=resourceleak ranks=2
// intent: every rank waits for its nonblocking barrier
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): every rank waits for its nonblocking barrier. */
public final class WaitedIBarrier {
    private WaitedIBarrier() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.iBarrier().waitFor();
        MPI.Finalize();
    }
}
