// corpus: category=requestlifecycle ranks=2
// intent: a persistent receive from MPI_PROC_NULL started, waited and freed
// expect: none
package org.qmpi4j.corpus.openmpi.requestlifecycle;

import java.nio.*;
import mpi.*;

/** Corpus program (requestlifecycle): a persistent receive from MPI_PROC_NULL started, waited and freed. */
public final class ProcNullPersistent {
    private ProcNullPersistent() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(1);
        Prequest p = world.recvInit(buf, 1, MPI.INT, MPI.PROC_NULL, 0);
        p.start();
        p.waitFor();
        p.free();
        MPI.Finalize();
    }
}
