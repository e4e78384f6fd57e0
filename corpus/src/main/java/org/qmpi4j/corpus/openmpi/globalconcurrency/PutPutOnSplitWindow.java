// corpus: category=globalconcurrency ranks=4
// intent: on a window of world ranks 2 and 3 both put to the same place of world rank 2's memory in one epoch
// expect: rma_race lines 24
package org.qmpi4j.corpus.openmpi.globalconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (globalconcurrency): on a window of world ranks 2 and 3 both put to the same place of world rank 2's memory in one epoch. */
public final class PutPutOnSplitWindow {
    private PutPutOnSplitWindow() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer mem = MPI.newIntBuffer(1);
        IntBuffer val = MPI.newIntBuffer(1);
        Intracomm part = world.split(rank / 2, rank);
        Win win = new Win(mem, 1, 1, MPI.INFO_NULL, part);
        win.fence(0);
        if (rank >= 2) {
            win.put(val, 1, MPI.INT, 0, 0, 1, MPI.INT); // ERROR
        }
        win.fence(0);
        win.free();
        part.free();
        MPI.Finalize();
    }
}
