// corpus: category=bufferinghazard ranks=2
// intent: both ranks send 1 ints before receiving: works only because MPI buffers small standard sends
// expect: buffering_deadlock lines 20
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): both ranks send 1 ints before receiving: works only because MPI buffers small standard sends. */
public final class SendSendEager1 {
    private SendSendEager1() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        int peer = 1 - rank;
        world.send(buf, 1, MPI.INT, peer, 0); // ERROR
        world.recv(buf, 1, MPI.INT, peer, 0);
        MPI.Finalize();
    }
}
