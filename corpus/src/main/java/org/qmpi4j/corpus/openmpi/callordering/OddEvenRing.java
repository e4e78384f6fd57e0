// corpus: category=callordering ranks=4
// intent: a ring where even ranks send first and odd ranks receive first
// expect: none
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): a ring where even ranks send first and odd ranks receive first. */
public final class OddEvenRing {
    private OddEvenRing() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        if (rank % 2 == 0) {
            world.send(buf, 1, MPI.INT, right, 0);
            world.recv(buf, 1, MPI.INT, left, 0);
        } else {
            world.recv(buf, 1, MPI.INT, left, 0);
            world.send(buf, 1, MPI.INT, right, 0);
        }
        MPI.Finalize();
    }
}
