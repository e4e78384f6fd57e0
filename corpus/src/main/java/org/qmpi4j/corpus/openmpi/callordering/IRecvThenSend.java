// corpus: category=callordering ranks=2
// intent: both ranks post a nonblocking receive, send, then wait
// expect: none
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): both ranks post a nonblocking receive, send, then wait. */
public final class IRecvThenSend {
    private IRecvThenSend() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer in = MPI.newIntBuffer(1);
        int[] out = new int[1];
        int peer = 1 - rank;
        Request r = world.iRecv(in, 1, MPI.INT, peer, 0);
        world.send(out, 1, MPI.INT, peer, 0);
        r.waitFor();
        MPI.Finalize();
    }
}
