// corpus: category=localconcurrency ranks=2
// intent: rank 0 sends (blocking) from a part of the buffer its receive still writes
// expect: overlapping_buffers lines 20,21
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 0 sends (blocking) from a part of the buffer its receive still writes. */
public final class SendFromPendingReceive {
    private SendFromPendingReceive() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(8);
        if (rank == 0) {
            Request r = world.iRecv(buf, 8, MPI.INT, 1, 0); // ERROR
            world.send(MPI.slice(buf, 4), 2, MPI.INT, 1, 1); // ERROR
            r.waitFor();
        } else if (rank == 1) {
            IntBuffer in = MPI.newIntBuffer(2);
            world.recv(in, 2, MPI.INT, 0, 1);
            world.send(buf, 8, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
