// corpus: category=callordering ranks=2
// intent: rank 0 spins on test() until rank 1 sends after a pause
// expect: none
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): rank 0 spins on test() until rank 1 sends after a pause. */
public final class TestLoopWaiting {
    private TestLoopWaiting() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            Request r = world.iRecv(buf, 1, MPI.INT, 1, 0);
            while (!r.test()) {
                Thread.sleep(10);
            }
        } else if (rank == 1) {
            Thread.sleep(1000);
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
