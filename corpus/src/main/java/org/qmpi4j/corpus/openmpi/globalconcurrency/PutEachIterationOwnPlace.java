// corpus: category=globalconcurrency ranks=3
// intent: in each of 20 epochs every rank puts its value to its own place of rank 0's window
// expect: none
package org.qmpi4j.corpus.openmpi.globalconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (globalconcurrency): in each of 20 epochs every rank puts its value to its own place of rank 0's window. */
public final class PutEachIterationOwnPlace {
    private PutEachIterationOwnPlace() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer mem = MPI.newIntBuffer(size);
        IntBuffer val = MPI.newIntBuffer(1);
        Win win = new Win(mem, size, 1, MPI.INFO_NULL, world);
        win.fence(0);
        for (int i = 0; i < 20; i++) {
            val.put(0, rank * 100 + i);
            win.put(val, 1, MPI.INT, 0, rank, 1, MPI.INT);
            win.fence(0);
        }
        win.free();
        MPI.Finalize();
    }
}
