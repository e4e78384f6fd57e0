// corpus: category=globalconcurrency ranks=3
// intent: ranks 1 and 2 put to the same place of rank 0's window in one epoch
// expect: rma_race lines 24
package org.qmpi4j.corpus.openmpi.globalconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (globalconcurrency): ranks 1 and 2 put to the same place of rank 0's window in one epoch. */
public final class PutPutSameTarget {
    private PutPutSameTarget() {}

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
            win.put(val, 1, MPI.INT, 0, 0, 1, MPI.INT); // ERROR
        }
        win.fence(0);
        win.free();
        MPI.Finalize();
    }
}
