// corpus: category=bufferinghazard ranks=2
// intent: both ranks bSend first from an attached buffer large enough
// expect: none
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): both ranks bSend first from an attached buffer large enough. */
public final class BsendWithAttachedBuffer {
    private BsendWithAttachedBuffer() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        MPI.attachBuffer(new byte[64 * 1024]);
        int[] buf = new int[1000];
        int peer = 1 - rank;
        world.bSend(buf, 1000, MPI.INT, peer, 0);
        world.recv(buf, 1000, MPI.INT, peer, 0);
        MPI.detachBuffer();
        MPI.Finalize();
    }
}
