// corpus: category=callordering ranks=2
// intent: after MPI_Finalize rank 0 asks only whether MPI is finalized, as the standard allows
// expect: none
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): after MPI_Finalize rank 0 asks only whether MPI is finalized, as the standard allows. */
public final class FinalizedAfterFinalize {
    private FinalizedAfterFinalize() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.barrier();
        MPI.Finalize();
        if (rank == 0) {
            System.out.println("finalized " + MPI.isFinalized());
        }
    }
}
