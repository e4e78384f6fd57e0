// corpus: category=callordering ranks=3
// intent: a ring where every rank receives from its left before sending right
// expect: deadlock lines 19
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): a ring where every rank receives from its left before sending right. */
public final class RingAllReceiveFirst {
    private RingAllReceiveFirst() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        world.recv(buf, 1, MPI.INT, (rank + size - 1) % size, 0); // ERROR
        world.send(buf, 1, MPI.INT, (rank + 1) % size, 0);
        MPI.Finalize();
    }
}
