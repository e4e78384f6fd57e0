// corpus: category=requestlifecycle ranks=2
// intent: persistent requests started with startAll and completed with waitAll
// expect: none
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): persistent requests started with startAll and completed with waitAll. */
public final class StartAllWaitAll {
    private StartAllWaitAll() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer out = MPI.newIntBuffer(1);
        IntBuffer in = MPI.newIntBuffer(1);
        int peer = 1 - rank;
        Prequest[] ps = {world.recvInit(in, 1, MPI.INT, peer, 0), world.sendInit(out, 1, MPI.INT, peer, 0)};
        Prequest.startAll(ps);
        Request.waitAll(ps);
        ps[0].free();
        ps[1].free();
        MPI.Finalize();
    }
}
