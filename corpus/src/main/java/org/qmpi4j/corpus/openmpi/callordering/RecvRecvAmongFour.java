// corpus: category=callordering ranks=4
// intent: ranks 0 and 1 receive from each other while ranks 2 and 3 wait in a barrier
// expect: deadlock lines 20
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): ranks 0 and 1 receive from each other while ranks 2 and 3 wait in a barrier. */
public final class RecvRecvAmongFour {
    private RecvRecvAmongFour() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        if (rank < 2) {
            world.recv(buf, 1, MPI.INT, 1 - rank, 0); // ERROR
            world.send(buf, 1, MPI.INT, 1 - rank, 0);
        }
        world.barrier();
        MPI.Finalize();
    }
}
