// corpus: category=invalidparam ranks=2
// intent: rank 0 sends -1 elements
// expect: invalid_argument lines 22
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): rank 0 sends -1 elements. */
public final class SendNegativeCount {
    private SendNegativeCount() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        int[] buf = new int[1];
        if (rank == 0) {
            try {
                world.send(buf, -1, MPI.INT, 1, 0); // ERROR
            } catch (MPIException refused) {
                System.out.println("MPI refused: " + refused.getMessage());
            }
        }
        world.barrier();
        MPI.Finalize();
    }
}
