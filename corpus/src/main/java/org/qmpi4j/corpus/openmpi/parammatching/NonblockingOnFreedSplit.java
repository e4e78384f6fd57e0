// corpus: category=parammatching ranks=4
// intent: nonblocking broadcasts and a test loop on a split communicator, freed right after
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): nonblocking broadcasts and a test loop on a split communicator, freed right after. */
public final class NonblockingOnFreedSplit {
    private NonblockingOnFreedSplit() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Intracomm half = world.split(rank % 2, rank);
        IntBuffer buf = MPI.newIntBuffer(1);
        Request r = half.iBcast(buf, 1, MPI.INT, 0);
        while (!r.test()) {
            Thread.onSpinWait();
        }
        Request b = half.iBarrier();
        b.waitFor();
        half.free();
        world.barrier();
        MPI.Finalize();
    }
}
