// corpus: category=callordering ranks=2
// intent: rank 0 calls MPI after MPI_Finalize
// expect: call_after_finalize lines 22
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): rank 0 calls MPI after MPI_Finalize. */
public final class CallAfterFinalize {
    private CallAfterFinalize() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.barrier();
        MPI.Finalize();
        if (rank == 0) {
            try {
                System.out.println(MPI.COMM_WORLD.getRank()); // ERROR
            } catch (MPIException refused) {
                System.out.println("MPI refused: " + refused.getMessage());
            }
        }
    }
}
