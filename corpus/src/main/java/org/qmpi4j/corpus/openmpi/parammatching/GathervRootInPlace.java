// corpus: category=parammatching ranks=3
// intent: the root gathers in place (its own block already there) and the others send 1 int
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): the root gathers in place (its own block already there) and the others send 1 int. */
public final class GathervRootInPlace {
    private GathervRootInPlace() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int i = 0; i < size; i++) {
            counts[i] = 1;
            displs[i] = i;
        }
        if (rank == 0) {
            int[] all = new int[size];
            world.gatherv(all, counts, displs, MPI.INT, 0);
        } else {
            int[] mine = {rank};
            world.gatherv(mine, 1, MPI.INT, 0);
        }
        MPI.Finalize();
    }
}
