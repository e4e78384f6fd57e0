// corpus: category=resourceleak ranks=3
// intent: rank 0 posts receives from every rank and waits for all
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): rank 0 posts receives from every rank and waits for all. */
public final class WaitAllReceives {
    private WaitAllReceives() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(size);
        if (rank == 0) {
            Request[] rs = new Request[size - 1];
            for (int i = 1; i < size; i++) {
                rs[i - 1] = world.iRecv(MPI.slice(buf, i), 1, MPI.INT, i, 0);
            }
            Request.waitAll(rs);
        } else {
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
