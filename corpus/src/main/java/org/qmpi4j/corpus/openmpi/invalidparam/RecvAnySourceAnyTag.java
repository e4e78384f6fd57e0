// corpus: category=invalidparam ranks=3
// intent: rank 0 receives one message from each other rank with both wildcards
// expect: none
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): rank 0 receives one message from each other rank with both wildcards. */
public final class RecvAnySourceAnyTag {
    private RecvAnySourceAnyTag() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {rank};
        if (rank == 0) {
            for (int i = 1; i < size; i++) {
                world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            }
        } else {
            world.send(buf, 1, MPI.INT, 0, rank);
        }
        MPI.Finalize();
    }
}
