// corpus: category=globalconcurrency ranks=3
// intent: ranks 1 and 2 read the same place of rank 0's window in one epoch
// expect: none
package org.qmpi4j.corpus.openmpi.globalconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (globalconcurrency): ranks 1 and 2 read the same place of rank 0's window in one epoch. */
public final class GetGetSamePlace {
    private GetGetSamePlace() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer mem = MPI.newIntBuffer(1);
        IntBuffer val = MPI.newIntBuffer(1);
        Win win = new Win(mem, 1, 1, MPI.INFO_NULL, world);
        win.fence(0);
        if (rank != 0) {
            win.get(val, 1, MPI.INT, 0, 0, 1, MPI.INT);
        }
        win.fence(0);
        win.free();
        MPI.Finalize();
    }
}
