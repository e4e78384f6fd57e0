// corpus: category=bufferinghazard ranks=4
// intent: a ring of 4: even ranks send first, odd ranks receive first: safe with no buffering
// expect: none
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): a ring of 4: even ranks send first, odd ranks receive first: safe with no buffering. */
public final class RingEvenRanksSendFirst {
    private RingEvenRanksSendFirst() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1 << 18];
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        if (rank % 2 == 0) {
            world.send(buf, 1 << 18, MPI.INT, right, 0);
            world.recv(buf, 1 << 18, MPI.INT, left, 0);
        } else {
            world.recv(buf, 1 << 18, MPI.INT, left, 0);
            world.send(buf, 1 << 18, MPI.INT, right, 0);
        }
        MPI.Finalize();
    }
}
