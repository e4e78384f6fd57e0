// corpus: category=bufferinghazard ranks=2
// intent: both ranks start a nonblocking send of 1 Mi ints, receive, then wait
// expect: none
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): both ranks start a nonblocking send of 1 Mi ints, receive, then wait. */
public final class LargeISendThenRecv {
    private LargeISendThenRecv() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer out = MPI.newIntBuffer(1 << 20);
        int[] in = new int[1 << 20];
        int peer = 1 - rank;
        Request r = world.iSend(out, 1 << 20, MPI.INT, peer, 0);
        world.recv(in, 1 << 20, MPI.INT, peer, 0);
        r.waitFor();
        MPI.Finalize();
    }
}
