// corpus: category=globalconcurrency ranks=3
// intent: ranks 1 and 2 add to the same place of rank 0's window in one epoch (accumulates are atomic per element)
// expect: none
package org.qmpi4j.corpus.openmpi.globalconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (globalconcurrency): ranks 1 and 2 add to the same place of rank 0's window in one epoch (accumulates are atomic per element). */
public final class AccumulateSamePlace {
    private AccumulateSamePlace() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer mem = MPI.newIntBuffer(1);
        IntBuffer val = MPI.newIntBuffer(1);
        val.put(0, rank);
        Win win = new Win(mem, 1, 1, MPI.INFO_NULL, world);
        win.fence(0);
        if (rank != 0) {
            win.accumulate(val, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM);
        }
        win.fence(0);
        win.free();
        MPI.Finalize();
    }
}
