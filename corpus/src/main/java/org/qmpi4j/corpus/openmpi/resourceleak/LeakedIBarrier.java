// corpus: category=resourceleak ranks=2
// intent: every rank starts a nonblocking barrier and never waits for it
// expect: request_leak lines 18
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): every rank starts a nonblocking barrier and never waits for it. */
public final class LeakedIBarrier {
    private LeakedIBarrier() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.iBarrier(); // ERROR
        world.barrier();
        MPI.Finalize();
    }
}
