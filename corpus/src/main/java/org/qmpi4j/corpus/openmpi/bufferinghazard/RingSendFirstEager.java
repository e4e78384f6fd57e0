// corpus: category=bufferinghazard ranks=3
// intent: a ring of 3 where every rank sends one int before receiving: works only through eager buffering
// expect: buffering_deadlock lines 19
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): a ring of 3 where every rank sends one int before receiving: works only through eager buffering. */
public final class RingSendFirstEager {
    private RingSendFirstEager() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        world.send(buf, 1, MPI.INT, (rank + 1) % size, 0); // ERROR
        world.recv(buf, 1, MPI.INT, (rank + size - 1) % size, 0);
        MPI.Finalize();
    }
}
