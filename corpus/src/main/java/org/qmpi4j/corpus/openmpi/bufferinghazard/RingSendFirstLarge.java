// corpus: category=bufferinghazard ranks=3
// intent: a ring of 3 where every rank sends 1 Mi ints before receiving
// expect: deadlock lines 19
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): a ring of 3 where every rank sends 1 Mi ints before receiving. */
public final class RingSendFirstLarge {
    private RingSendFirstLarge() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1 << 20];
        world.send(buf, 1 << 20, MPI.INT, (rank + 1) % size, 0); // ERROR
        world.recv(buf, 1 << 20, MPI.INT, (rank + size - 1) % size, 0);
        MPI.Finalize();
    }
}
