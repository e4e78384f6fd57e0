// corpus: category=globalconcurrency ranks=3
// intent: rank 1 gets the place of rank 0's window that rank 2 puts to, in one epoch
// expect: rma_race lines 25
package org.qmpi4j.corpus.openmpi.globalconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (globalconcurrency): rank 1 gets the place of rank 0's window that rank 2 puts to, in one epoch. */
public final class GetPutSameTarget {
    private GetPutSameTarget() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer mem = MPI.newIntBuffer(1);
        IntBuffer val = MPI.newIntBuffer(1);
        Win win = new Win(mem, 1, 1, MPI.INFO_NULL, world);
        win.fence(0);
        if (rank == 1) {
            win.get(val, 1, MPI.INT, 0, 0, 1, MPI.INT);
        } else if (rank == 2) {
            win.put(val, 1, MPI.INT, 0, 0, 1, MPI.INT); // ERROR
        }
        win.fence(0);
        win.free();
        MPI.Finalize();
    }
}
