// corpus: category=invalidparam ranks=3
// intent: rank 1 receives with MPI_ANY_TAG
// expect: none
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): rank 1 receives with MPI_ANY_TAG. */
public final class RecvAnyTag {
    private RecvAnyTag() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {1};
        if (rank == 0) {
            world.send(buf, 1, MPI.INT, 1, 77);
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, MPI.ANY_TAG);
        }
        MPI.Finalize();
    }
}
