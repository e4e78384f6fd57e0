// corpus: category=bufferinghazard ranks=2
// intent: both ranks send 4194304 ints before receiving: too large to buffer, both block
// expect: deadlock lines 20
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): both ranks send 4194304 ints before receiving: too large to buffer, both block. */
public final class SendSendLarge4M {
    private SendSendLarge4M() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[4194304];
        int peer = 1 - rank;
        world.send(buf, 4194304, MPI.INT, peer, 0); // ERROR
        world.recv(buf, 4194304, MPI.INT, peer, 0);
        MPI.Finalize();
    }
}
