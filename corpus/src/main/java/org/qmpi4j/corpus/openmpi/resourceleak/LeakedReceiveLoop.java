// corpus: category=resourceleak ranks=3
// intent: rank 0 posts receives from every rank and waits for none
// expect: request_leak lines 21
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): rank 0 posts receives from every rank and waits for none. */
public final class LeakedReceiveLoop {
    private LeakedReceiveLoop() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(size);
        if (rank == 0) {
            for (int i = 1; i < size; i++) {
                world.iRecv(MPI.slice(buf, i), 1, MPI.INT, i, 0); // ERROR
            }
        } else {
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        world.barrier();
        MPI.Finalize();
    }
}
