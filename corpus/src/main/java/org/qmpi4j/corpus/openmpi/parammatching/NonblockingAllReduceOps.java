// corpus: category=parammatching ranks=2
// intent: ranks start nonblocking allreduces with different operations
// expect: collective_mismatch lines 20
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): ranks start nonblocking allreduces with different operations. */
public final class NonblockingAllReduceOps {
    private NonblockingAllReduceOps() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer in = MPI.newIntBuffer(1);
        IntBuffer out = MPI.newIntBuffer(1);
        Request r = world.iAllReduce(in, out, 1, MPI.INT, rank == 0 ? MPI.SUM : MPI.MAX); // ERROR
        r.waitFor();
        MPI.Finalize();
    }
}
