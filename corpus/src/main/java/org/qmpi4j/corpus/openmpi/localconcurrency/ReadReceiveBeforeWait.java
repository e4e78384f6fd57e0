// corpus: category=localconcurrency ranks=2
// intent: rank 1 reads its receive buffer before the receive completed
// expect: buffer_read_early lines 21
package org.qmpi4j.corpus.openmpi.localconcurrency;

import java.nio.*;
import mpi.*;

/** Corpus program (localconcurrency): rank 1 reads its receive buffer before the receive completed. */
public final class ReadReceiveBeforeWait {
    private ReadReceiveBeforeWait() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        if (rank == 1) {
            Request r = world.iRecv(buf, 1, MPI.INT, 0, 0);
            int early = buf.get(0); // ERROR
            r.waitFor();
            System.out.println("read " + early + " then " + buf.get(0));
        } else if (rank == 0) {
            buf.put(0, 5);
            world.send(buf, 1, MPI.INT, 1, 0);
        }
        MPI.Finalize();
    }
}
