// corpus: category=invalidparam ranks=3
// intent: a non-periodic shift: the end ranks talk to MPI_PROC_NULL
// expect: none
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): a non-periodic shift: the end ranks talk to MPI_PROC_NULL. */
public final class RingWithProcNullEnds {
    private RingWithProcNullEnds() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] out = {rank};
        int[] in = new int[1];
        int right = rank + 1 < size ? rank + 1 : MPI.PROC_NULL;
        int left = rank > 0 ? rank - 1 : MPI.PROC_NULL;
        world.sendRecv(out, 1, MPI.INT, right, 2, in, 1, MPI.INT, left, 2);
        MPI.Finalize();
    }
}
