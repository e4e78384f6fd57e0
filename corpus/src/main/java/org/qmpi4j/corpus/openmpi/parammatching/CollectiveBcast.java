// corpus: category=parammatching ranks=3
// intent: every rank broadcasts from rank 0
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): every rank broadcasts from rank 0. */
public final class CollectiveBcast {
    private CollectiveBcast() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {rank};
        world.bcast(buf, 1, MPI.INT, 0);
        MPI.Finalize();
    }
}
