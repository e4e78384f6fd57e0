// corpus: category=bufferinghazard ranks=2
// intent: synchronous sends in an order that cannot block
// expect: none
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): synchronous sends in an order that cannot block. */
public final class SsendOrdered {
    private SsendOrdered() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[4];
        if (rank == 0) {
            world.sSend(buf, 4, MPI.INT, 1, 0);
            world.recv(buf, 4, MPI.INT, 1, 0);
        } else if (rank == 1) {
            world.recv(buf, 4, MPI.INT, 0, 0);
            world.sSend(buf, 4, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
