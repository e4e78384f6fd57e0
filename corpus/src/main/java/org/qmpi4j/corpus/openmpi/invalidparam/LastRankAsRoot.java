// corpus: category=invalidparam ranks=3
// intent: every rank broadcasts from the last rank
// expect: none
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): every rank broadcasts from the last rank. */
public final class LastRankAsRoot {
    private LastRankAsRoot() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {rank};
        world.bcast(buf, 1, MPI.INT, size - 1);
        MPI.Finalize();
    }
}
