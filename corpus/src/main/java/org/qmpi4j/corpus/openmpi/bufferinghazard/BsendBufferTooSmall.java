// corpus: category=bufferinghazard ranks=2
// intent: rank 0 bSends 4000 bytes from an attached buffer of 1024 bytes
// expect: invalid_argument lines 23
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): rank 0 bSends 4000 bytes from an attached buffer of 1024 bytes. */
public final class BsendBufferTooSmall {
    private BsendBufferTooSmall() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        int[] buf = new int[1000];
        if (rank == 0) {
            MPI.attachBuffer(new byte[1024]);
            try {
                world.bSend(buf, 1000, MPI.INT, 1, 0); // ERROR
            } catch (MPIException refused) {
                System.out.println("MPI refused: " + refused.getMessage());
                world.send(buf, 1000, MPI.INT, 1, 0);
            }
            MPI.detachBuffer();
        } else if (rank == 1) {
            world.recv(buf, 1000, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
