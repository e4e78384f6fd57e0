// corpus: category=bufferinghazard ranks=2
// intent: rank 0 sSends, rank 1 sends 4 ints, both before receiving: only rank 1's buffered message lets it complete
// expect: buffering_deadlock lines 20,23
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): rank 0 sSends, rank 1 sends 4 ints, both before receiving: only rank 1's buffered message lets it complete. */
public final class SendSsendOneSide {
    private SendSsendOneSide() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[4];
        if (rank == 0) {
            world.sSend(buf, 4, MPI.INT, 1, 0); // ERROR
            world.recv(buf, 4, MPI.INT, 1, 0);
        } else if (rank == 1) {
            world.send(buf, 4, MPI.INT, 0, 0); // ERROR
            world.recv(buf, 4, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
