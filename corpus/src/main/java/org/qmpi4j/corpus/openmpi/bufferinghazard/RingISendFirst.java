// corpus: category=bufferinghazard ranks=3
// intent: a ring of 3: every rank starts a nonblocking send of 1 Mi ints, receives, waits
// expect: none
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): a ring of 3: every rank starts a nonblocking send of 1 Mi ints, receives, waits. */
public final class RingISendFirst {
    private RingISendFirst() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer out = MPI.newIntBuffer(1 << 20);
        int[] in = new int[1 << 20];
        Request r = world.iSend(out, 1 << 20, MPI.INT, (rank + 1) % size, 0);
        world.recv(in, 1 << 20, MPI.INT, (rank + size - 1) % size, 0);
        r.waitFor();
        MPI.Finalize();
    }
}
