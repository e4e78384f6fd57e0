// corpus: category=invalidparam ranks=3
// intent: rank 0 sends 0 elements
// expect: none
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): rank 0 sends 0 elements. */
public final class ZeroCount {
    private ZeroCount() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[0];
        if (rank == 0) {
            world.send(buf, 0, MPI.INT, 1, 1);
        } else if (rank == 1) {
            world.recv(buf, 0, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
