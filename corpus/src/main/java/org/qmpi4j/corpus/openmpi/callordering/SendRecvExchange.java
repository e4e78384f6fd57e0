// corpus: category=callordering ranks=2
// intent: both ranks exchange with sendRecv
// expect: none
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): both ranks exchange with sendRecv. */
public final class SendRecvExchange {
    private SendRecvExchange() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] out = {rank};
        int[] in = new int[1];
        int peer = 1 - rank;
        world.sendRecv(out, 1, MPI.INT, peer, 0, in, 1, MPI.INT, peer, 0);
        MPI.Finalize();
    }
}
