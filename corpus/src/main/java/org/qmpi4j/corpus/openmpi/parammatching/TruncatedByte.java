// corpus: category=parammatching ranks=2
// intent: rank 0 sends 6 MPI.BYTE, rank 1 posts a receive for 4
// expect: truncation lines 24
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends 6 MPI.BYTE, rank 1 posts a receive for 4. */
public final class TruncatedByte {
    private TruncatedByte() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        byte[] buf = new byte[6];
        world.setErrhandler(MPI.ERRORS_RETURN);
        if (rank == 0) {
            world.send(buf, 6, MPI.BYTE, 1, 7);
        } else if (rank == 1) {
            try {
                world.recv(buf, 4, MPI.BYTE, 0, 7); // ERROR
            } catch (MPIException refused) {
                System.out.println("MPI refused the receive: " + refused.getMessage());
            }
        }
        MPI.Finalize();
    }
}
