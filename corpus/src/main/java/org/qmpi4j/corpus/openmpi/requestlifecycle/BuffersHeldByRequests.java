// corpus: category=requestlifecycle ranks=2
// intent: 1500 receives and sends whose buffers only their kept requests hold, across a collection
// expect: none
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): 1500 receives and sends whose buffers only their kept requests hold, across a collection. */
public final class BuffersHeldByRequests {
    private BuffersHeldByRequests() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int n = 1500;
        int peer = 1 - rank;
        Request[] receives = new Request[n];
        Request[] sends = new Request[n];
        for (int i = 0; i < n; i++) {
            receives[i] = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, peer, i);
        }
        for (int i = 0; i < n; i++) {
            IntBuffer b = MPI.newIntBuffer(1);
            b.put(0, i);
            sends[i] = world.iSend(b, 1, MPI.INT, peer, i);
        }
        System.gc(); // Open MPI's Request holds its buffer: nothing here may be freed
        Request.waitAll(receives);
        Request.waitAll(sends);
        world.barrier();
        MPI.Finalize();
    }
}
