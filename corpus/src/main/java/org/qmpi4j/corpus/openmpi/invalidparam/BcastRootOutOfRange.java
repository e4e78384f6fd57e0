// corpus: category=invalidparam ranks=2
// intent: every rank broadcasts from root `size`
// expect: invalid_argument lines 21
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): every rank broadcasts from root size. */
public final class BcastRootOutOfRange {
    private BcastRootOutOfRange() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        int[] buf = new int[1];
        try {
            world.bcast(buf, 1, MPI.INT, size); // ERROR
        } catch (MPIException refused) {
            System.out.println("MPI refused: " + refused.getMessage());
        }
        MPI.Finalize();
    }
}
