// corpus: category=bufferinghazard ranks=2
// intent: rank 0 uses bSend without attaching a buffer
// expect: invalid_argument lines 22
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): rank 0 uses bSend without attaching a buffer. */
public final class BsendWithoutBuffer {
    private BsendWithoutBuffer() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        int[] buf = new int[1000];
        if (rank == 0) {
            try {
                world.bSend(buf, 1000, MPI.INT, 1, 0); // ERROR
            } catch (MPIException refused) {
                System.out.println("MPI refused: " + refused.getMessage());
                world.send(buf, 1000, MPI.INT, 1, 0);
            }
        } else if (rank == 1) {
            world.recv(buf, 1000, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
