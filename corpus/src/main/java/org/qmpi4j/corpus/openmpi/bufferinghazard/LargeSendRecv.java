// corpus: category=bufferinghazard ranks=2
// intent: both ranks exchange 1 Mi ints with sendRecv
// expect: none
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): both ranks exchange 1 Mi ints with sendRecv. */
public final class LargeSendRecv {
    private LargeSendRecv() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] out = new int[1 << 20];
        int[] in = new int[1 << 20];
        int peer = 1 - rank;
        world.sendRecv(out, 1 << 20, MPI.INT, peer, 0, in, 1 << 20, MPI.INT, peer, 0);
        MPI.Finalize();
    }
}
