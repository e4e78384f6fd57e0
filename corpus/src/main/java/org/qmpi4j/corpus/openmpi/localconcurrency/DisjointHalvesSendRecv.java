// corpus: category=localconcurrency ranks=2
// intent: each rank sends from one half of a direct buffer and receives into the other half at once
// expect: none
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): each rank sends from one half of a direct buffer and receives into the other half at once. */
public final class DisjointHalvesSendRecv {
    private DisjointHalvesSendRecv() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(8);
        int peer = 1 - rank;
        Request in = world.iRecv(MPI.slice(buf, 4), 4, MPI.INT, peer, 0);
        Request out = world.iSend(MPI.slice(buf, 0), 4, MPI.INT, peer, 0);
        in.waitFor();
        out.waitFor();
        MPI.Finalize();
    }
}
