// corpus: category=requestlifecycle ranks=2
// intent: rank 0 waits for a request it already freed
// expect: request_misuse lines 23,25
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 0 waits for a request it already freed. */
public final class WaitAfterFree {
    private WaitAfterFree() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            Request r = world.iSend(buf, 1, MPI.INT, 1, 0);
            r.waitFor();
            r.free(); // ERROR
            try {
                r.waitFor(); // ERROR
            } catch (MPIException refused) {
                System.out.println("MPI refused: " + refused.getMessage());
            }
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
