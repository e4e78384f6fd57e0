// corpus: category=globalconcurrency ranks=2
// intent: rank 0 writes its window memory while rank 1 puts to it in the same epoch
// expect: rma_race lines 25
package org.qmpi4j.corpus.openmpi.globalconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (globalconcurrency): rank 0 writes its window memory while rank 1 puts to it in the same epoch. */
public final class LocalWriteDuringEpoch {
    private LocalWriteDuringEpoch() {}

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
            win.put(val, 1, MPI.INT, 0, 0, 1, MPI.INT);
        } else if (rank == 0) {
            mem.put(0, 9); // ERROR
        }
        win.fence(0);
        win.free();
        MPI.Finalize();
    }
}
