// corpus: category=requestlifecycle ranks=2
// intent: rank 1 drops the request of a receive into a buffer held nowhere else
// expect: unreachable_buffer lines 22
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 1 drops the request of a receive into a buffer held nowhere else. */
public final class DroppedReceiveRequest {
    private DroppedReceiveRequest() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            IntBuffer buf = MPI.newIntBuffer(1);
            world.send(buf, 1, MPI.INT, 1, 0);
        } else if (rank == 1) {
            world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, 0, 0); // ERROR
        }
        world.barrier();
        MPI.Finalize();
    }
}
