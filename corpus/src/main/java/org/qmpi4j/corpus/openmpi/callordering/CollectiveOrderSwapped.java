// corpus: category=callordering ranks=2
// intent: rank 0 broadcasts then reduces, rank 1 reduces then broadcasts
// expect: collective_mismatch lines 21,24
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): rank 0 broadcasts then reduces, rank 1 reduces then broadcasts. */
public final class CollectiveOrderSwapped {
    private CollectiveOrderSwapped() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] a = {1};
        int[] b = new int[1];
        if (rank == 0) {
            world.bcast(a, 1, MPI.INT, 0); // ERROR
            world.reduce(a, b, 1, MPI.INT, MPI.SUM, 0);
        } else {
            world.reduce(a, b, 1, MPI.INT, MPI.SUM, 0); // ERROR
            world.bcast(a, 1, MPI.INT, 0);
        }
        MPI.Finalize();
    }
}
