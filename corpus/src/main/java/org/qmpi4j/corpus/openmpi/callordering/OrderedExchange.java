// corpus: category=callordering ranks=2
// intent: rank 0 sends then receives, rank 1 receives then sends
// expect: none
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): rank 0 sends then receives, rank 1 receives then sends. */
public final class OrderedExchange {
    private OrderedExchange() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        if (rank == 0) {
            world.send(buf, 1, MPI.INT, 1, 0);
            world.recv(buf, 1, MPI.INT, 1, 0);
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0);
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
