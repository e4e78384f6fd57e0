// corpus: category=callordering ranks=3
// intent: every rank broadcasts then reduces
// expect: none
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): every rank broadcasts then reduces. */
public final class SameCollectiveOrder {
    private SameCollectiveOrder() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] a = {1};
        int[] b = new int[1];
        world.bcast(a, 1, MPI.INT, 0);
        world.reduce(a, b, 1, MPI.INT, MPI.SUM, 0);
        world.barrier();
        MPI.Finalize();
    }
}
