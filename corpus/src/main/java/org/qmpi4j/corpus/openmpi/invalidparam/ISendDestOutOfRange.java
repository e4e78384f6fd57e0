// corpus: category=invalidparam ranks=2
// intent: rank 0 starts a nonblocking send to rank size + 3
// expect: invalid_argument lines 23
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): rank 0 starts a nonblocking send to rank size + 3. */
public final class ISendDestOutOfRange {
    private ISendDestOutOfRange() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        int[] buf = new int[1];
        if (rank == 0) {
            try {
                IntBuffer direct = MPI.newIntBuffer(1);
                world.iSend(direct, 1, MPI.INT, size + 3, 0).waitFor(); // ERROR
            } catch (MPIException refused) {
                System.out.println("MPI refused: " + refused.getMessage());
            }
        }
        world.barrier();
        MPI.Finalize();
    }
}
