// corpus: category=bufferinghazard ranks=3
// intent: a ring of 3: every rank posts its receive, sends 1 Mi ints, waits
// expect: none
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): a ring of 3: every rank posts its receive, sends 1 Mi ints, waits. */
public final class RingIRecvFirst {
    private RingIRecvFirst() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer in = MPI.newIntBuffer(1 << 20);
        int[] out = new int[1 << 20];
        Request r = world.iRecv(in, 1 << 20, MPI.INT, (rank + size - 1) % size, 0);
        world.send(out, 1 << 20, MPI.INT, (rank + 1) % size, 0);
        r.waitFor();
        MPI.Finalize();
    }
}
