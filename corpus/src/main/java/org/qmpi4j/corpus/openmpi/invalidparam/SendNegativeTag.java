// corpus: category=invalidparam ranks=2
// intent: rank 0 sends with tag -3
// expect: invalid_argument lines 22
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): rank 0 sends with tag -3. */
public final class SendNegativeTag {
    private SendNegativeTag() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        int[] buf = new int[1];
        if (rank == 0) {
            try {
                world.send(buf, 1, MPI.INT, 1, -3); // ERROR
            } catch (MPIException refused) {
                System.out.println("MPI refused: " + refused.getMessage());
            }
        }
        world.barrier();
        MPI.Finalize();
    }
}
