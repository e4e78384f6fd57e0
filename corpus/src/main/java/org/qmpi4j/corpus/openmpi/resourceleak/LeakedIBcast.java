// corpus: category=resourceleak ranks=2
// intent: every rank starts a nonblocking broadcast and never waits for it
// expect: request_leak lines 19
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): every rank starts a nonblocking broadcast and never waits for it. */
public final class LeakedIBcast {
    private LeakedIBcast() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        world.iBcast(buf, 1, MPI.INT, 0); // ERROR
        world.barrier();
        MPI.Finalize();
    }
}
