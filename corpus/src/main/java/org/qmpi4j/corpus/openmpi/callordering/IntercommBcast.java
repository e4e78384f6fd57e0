// corpus: category=callordering ranks=4
// intent: an intercommunicator broadcast: the root passes MPI.ROOT, its group MPI.PROC_NULL
// expect: none
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): an intercommunicator broadcast: the root passes MPI.ROOT, its group MPI.PROC_NULL. */
public final class IntercommBcast {
    private IntercommBcast() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Intracomm half = world.split(rank % 2, rank);
        Intercomm inter = world.createIntercomm(half, 0, 1 - rank % 2, 9);
        int[] buf = {rank};
        int root = rank % 2 == 0 ? (half.getRank() == 0 ? MPI.ROOT : MPI.PROC_NULL) : 0;
        inter.bcast(buf, 1, MPI.INT, root);
        inter.free();
        half.free();
        MPI.Finalize();
    }
}
