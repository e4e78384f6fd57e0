// corpus: category=bufferinghazard ranks=2
// intent: rank 0 sends then receives, rank 1 receives then sends, 100 times
// expect: none
package org.qmpi4j.corpus.openmpi.bufferinghazard;

import java.nio.*;
import mpi.*;

/** Corpus program (bufferinghazard): rank 0 sends then receives, rank 1 receives then sends, 100 times. */
public final class PingPongLoop {
    private PingPongLoop() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        double[] buf = new double[8];
        for (int i = 0; i < 100; i++) {
            if (rank == 0) {
                world.send(buf, 8, MPI.DOUBLE, 1, i);
                world.recv(buf, 8, MPI.DOUBLE, 1, i);
            } else if (rank == 1) {
                world.recv(buf, 8, MPI.DOUBLE, 0, i);
                world.send(buf, 8, MPI.DOUBLE, 0, i);
            }
        }
        MPI.Finalize();
    }
}
