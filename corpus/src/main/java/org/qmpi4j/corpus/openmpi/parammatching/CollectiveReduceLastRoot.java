// corpus: category=parammatching ranks=3
// intent: every rank reduces to the last rank
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): every rank reduces to the last rank. */
public final class CollectiveReduceLastRoot {
    private CollectiveReduceLastRoot() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] in = {rank};
        int[] out = new int[1];
        world.reduce(in, out, 1, MPI.INT, MPI.SUM, size - 1);
        MPI.Finalize();
    }
}
