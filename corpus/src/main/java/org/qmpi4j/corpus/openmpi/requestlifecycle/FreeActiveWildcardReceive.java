// corpus: category=requestlifecycle ranks=2
// intent: rank 0 frees a receive from MPI_ANY_SOURCE before it completed
// expect: active_request_freed lines 20,21
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): rank 0 frees a receive from MPI_ANY_SOURCE before it completed. */
public final class FreeActiveWildcardReceive {
    private FreeActiveWildcardReceive() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 0) {
            Request r = world.iRecv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
            r.free(); // ERROR
        } else if (rank == 1) {
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        world.barrier();
        MPI.Finalize();
    }
}
