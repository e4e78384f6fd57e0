// corpus: category=resourceleak ranks=2
// intent: every rank waits for its nonblocking allreduce
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): every rank waits for its nonblocking allreduce. */
public final class WaitedIAllReduce {
    private WaitedIAllReduce() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer in = MPI.newIntBuffer(1);
        IntBuffer out = MPI.newIntBuffer(1);
        world.iAllReduce(in, out, 1, MPI.INT, MPI.SUM).waitFor();
        MPI.Finalize();
    }
}
