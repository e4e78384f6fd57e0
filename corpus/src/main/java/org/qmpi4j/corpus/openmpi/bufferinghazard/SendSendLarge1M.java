// corpus: category=bufferinghazard ranks=2
// intent: both ranks send 1048576 ints before receiving: too large to buffer, both block
// expect: deadlock lines 20
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): both ranks send 1048576 ints before receiving: too large to buffer, both block. */
public final class SendSendLarge1M {
    private SendSendLarge1M() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1048576];
        int peer = 1 - rank;
        world.send(buf, 1048576, MPI.INT, peer, 0); // ERROR
        world.recv(buf, 1048576, MPI.INT, peer, 0);
        MPI.Finalize();
    }
}
