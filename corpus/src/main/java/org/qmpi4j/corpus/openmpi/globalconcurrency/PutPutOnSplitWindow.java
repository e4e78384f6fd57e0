// corpus: category=globalconcurrency ranks=4
// intent: on a window of world ranks 2 and 3 both put to the same place of world rank 2's memory in one epoch
// expect: rma_race lines 33
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
        // One half after the other: Open MPI 4.1's osc/rdma names its shared segment by node, job and
        // context id, and both halves of a split have the same context id, so windows created at
        // the same time on them collide (open-mpi/ompi#9492; MPI_ERR_WIN now and then).
        Win win = null;
        for (int half = 0; half < 2; half++) {
            if (rank / 2 == half) {
                win = new Win(mem, 1, 1, MPI.INFO_NULL, part);
            }
            world.barrier();
        }
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
