// corpus: category=globalconcurrency ranks=3
// intent: ranks put to disjoint places of rank 0's window in one epoch
// expect: none
package org.qmpi4j.corpus.openmpi.globalconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (globalconcurrency): ranks put to disjoint places of rank 0's window in one epoch. */
public final class PutDisjointPlaces {
    private PutDisjointPlaces() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer mem = MPI.newIntBuffer(size);
        IntBuffer val = MPI.newIntBuffer(1);
        val.put(0, rank);
        Win win = new Win(mem, size, 1, MPI.INFO_NULL, world);
        win.fence(0);
        if (rank != 0) {
            win.put(val, 1, MPI.INT, 0, rank, 1, MPI.INT);
        }
        win.fence(0);
        win.free();
        MPI.Finalize();
    }
}
