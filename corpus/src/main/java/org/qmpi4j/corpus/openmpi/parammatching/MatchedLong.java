// corpus: category=parammatching ranks=2
// intent: rank 0 sends 4 MPI.LONG and rank 1 receives 4 MPI.LONG: types match
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends 4 MPI.LONG and rank 1 receives 4 MPI.LONG: types match. */
public final class MatchedLong {
    private MatchedLong() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        long[] buf = new long[4];
        if (rank == 0) {
            world.send(buf, 4, MPI.LONG, 1, 3);
        } else if (rank == 1) {
            world.recv(buf, 4, MPI.LONG, 0, 3);
        }
        MPI.Finalize();
    }
}
