// corpus: category=callordering ranks=2
// intent: both ranks send synchronously first
// expect: deadlock lines 20
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): both ranks send synchronously first. */
public final class SsendSsend {
    private SsendSsend() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        int peer = 1 - rank;
        world.sSend(buf, 1, MPI.INT, peer, 0); // ERROR
        world.recv(buf, 1, MPI.INT, peer, 0);
        MPI.Finalize();
    }
}
