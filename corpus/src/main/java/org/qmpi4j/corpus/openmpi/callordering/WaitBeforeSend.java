// corpus: category=callordering ranks=2
// intent: both ranks wait for their receive before they send
// expect: deadlock lines 22
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): both ranks wait for their receive before they send. */
public final class WaitBeforeSend {
    private WaitBeforeSend() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer in = MPI.newIntBuffer(1);
        int[] out = new int[1];
        int peer = 1 - rank;
        Request r = world.iRecv(in, 1, MPI.INT, peer, 0);
        r.waitFor(); // ERROR
        world.send(out, 1, MPI.INT, peer, 0);
        MPI.Finalize();
    }
}
