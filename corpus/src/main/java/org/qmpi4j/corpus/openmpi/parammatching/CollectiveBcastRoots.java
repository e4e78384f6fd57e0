// corpus: category=parammatching ranks=2
// intent: ranks broadcast from different roots
// expect: collective_mismatch lines 19
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): ranks broadcast from different roots. */
public final class CollectiveBcastRoots {
    private CollectiveBcastRoots() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {rank};
        world.bcast(buf, 1, MPI.INT, rank == 0 ? 0 : 1); // ERROR
        MPI.Finalize();
    }
}
