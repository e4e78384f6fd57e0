// corpus: category=invalidparam ranks=2
// intent: every rank reduces to root -9
// expect: invalid_argument lines 22
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): every rank reduces to root -9. */
public final class ReduceRootNegative {
    private ReduceRootNegative() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        int[] in = new int[1];
        int[] out = new int[1];
        try {
            world.reduce(in, out, 1, MPI.INT, MPI.SUM, -9); // ERROR
        } catch (MPIException refused) {
            System.out.println("MPI refused: " + refused.getMessage());
        }
        MPI.Finalize();
    }
}
