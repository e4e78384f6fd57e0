// corpus: category=localconcurrency ranks=2
// intent: rank 0 sends one direct buffer twice with two pending sends (only reads: allowed since MPI 3.0)
// expect: none
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 sends one direct buffer twice with two pending sends (only reads: allowed since MPI 3.0). */
public final class TwoSendsOneBuffer {
    private TwoSendsOneBuffer() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(4);
        if (rank == 0) {
            Request a = world.iSend(buf, 4, MPI.INT, 1, 0);
            Request b = world.iSend(buf, 4, MPI.INT, 1, 1);
            a.waitFor();
            b.waitFor();
        } else if (rank == 1) {
            IntBuffer x = MPI.newIntBuffer(4);
            IntBuffer y = MPI.newIntBuffer(4);
            world.recv(x, 4, MPI.INT, 0, 0);
            world.recv(y, 4, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
