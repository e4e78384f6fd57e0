// corpus: category=callordering ranks=2
// intent: rank 1 skips the barrier the others enter
// expect: deadlock lines 19,23
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): rank 1 skips the barrier the others enter. */
public final class MissingBarrier {
    private MissingBarrier() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank != 1) {
            world.barrier(); // ERROR
        }
        int[] buf = new int[1];
        if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0); // ERROR
        } else if (rank == 0) {
            world.send(buf, 1, MPI.INT, 1, 0);
        }
        MPI.Finalize();
    }
}
