// corpus: category=invalidparam ranks=3
// intent: rank 0 sends with tag 32000 (below MPI_TAG_UB's minimum 32767)
// expect: none
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): rank 0 sends with tag 32000 (below MPI_TAG_UB's minimum 32767). */
public final class LargeTag {
    private LargeTag() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {1};
        if (rank == 0) {
            world.send(buf, 1, MPI.INT, 1, 32000);
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 32000);
        }
        MPI.Finalize();
    }
}
