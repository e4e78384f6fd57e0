// corpus: category=bufferinghazard ranks=2
// intent: rank 0 sends first, rank 1 receives first: 1 Mi ints
// expect: none
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): rank 0 sends first, rank 1 receives first: 1 Mi ints. */
public final class LargeOrderedExchange {
    private LargeOrderedExchange() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1 << 20];
        if (rank == 0) {
            world.send(buf, 1 << 20, MPI.INT, 1, 0);
            world.recv(buf, 1 << 20, MPI.INT, 1, 0);
        } else if (rank == 1) {
            world.recv(buf, 1 << 20, MPI.INT, 0, 0);
            world.send(buf, 1 << 20, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
