// corpus: category=resourceleak ranks=2
// intent: every rank starts a nonblocking allreduce and never waits for it
// expect: request_leak lines 20
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): every rank starts a nonblocking allreduce and never waits for it. */
public final class LeakedIAllReduce {
    private LeakedIAllReduce() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer in = MPI.newIntBuffer(1);
        IntBuffer out = MPI.newIntBuffer(1);
        world.iAllReduce(in, out, 1, MPI.INT, MPI.SUM); // ERROR
        world.barrier();
        MPI.Finalize();
    }
}
