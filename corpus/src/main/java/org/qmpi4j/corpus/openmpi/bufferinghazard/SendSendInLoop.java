// corpus: category=bufferinghazard ranks=2
// intent: both ranks send 8 doubles before receiving, 100 times
// expect: buffering_deadlock lines 21
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): both ranks send 8 doubles before receiving, 100 times. */
public final class SendSendInLoop {
    private SendSendInLoop() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        double[] buf = new double[8];
        int peer = 1 - rank;
        for (int i = 0; i < 100; i++) {
            world.send(buf, 8, MPI.DOUBLE, peer, i); // ERROR
            world.recv(buf, 8, MPI.DOUBLE, peer, i);
        }
        MPI.Finalize();
    }
}
