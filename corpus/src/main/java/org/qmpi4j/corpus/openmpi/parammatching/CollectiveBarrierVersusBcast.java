// corpus: category=parammatching ranks=2
// intent: rank 0 enters a barrier while the others broadcast
// expect: collective_mismatch lines 20,22
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 enters a barrier while the others broadcast. */
public final class CollectiveBarrierVersusBcast {
    private CollectiveBarrierVersusBcast() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {1};
        if (rank == 0) {
            world.barrier(); // ERROR
        } else {
            world.bcast(buf, 1, MPI.INT, 0); // ERROR
        }
        MPI.Finalize();
    }
}
