// corpus: category=bufferinghazard ranks=4
// intent: a ring of 4 where every rank sends 16 ints right before it receives from its left
// expect: buffering_deadlock lines 19
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): a ring of 4 where every rank sends 16 ints right before it receives from its left. */
public final class RingOfFourSendFirst {
    private RingOfFourSendFirst() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[16];
        world.send(buf, 16, MPI.INT, (rank + 1) % size, 0); // ERROR
        world.recv(buf, 16, MPI.INT, (rank + size - 1) % size, 0);
        MPI.Finalize();
    }
}
