// corpus: category=requestlifecycle ranks=2
// intent: rank 0 loops on testAll until both of its requests completed
// expect: none
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 0 loops on testAll until both of its requests completed. */
public final class TestAllLoop {
    private TestAllLoop() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer out = MPI.newIntBuffer(1);
        IntBuffer in = MPI.newIntBuffer(1);
        int peer = 1 - rank;
        Request[] rs = {world.iRecv(in, 1, MPI.INT, peer, 0), world.iSend(out, 1, MPI.INT, peer, 0)};
        while (!Request.testAll(rs)) {
            Thread.onSpinWait();
        }
        MPI.Finalize();
    }
}
