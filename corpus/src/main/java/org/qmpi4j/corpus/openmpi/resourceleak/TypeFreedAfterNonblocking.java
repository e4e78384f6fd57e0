// corpus: category=resourceleak ranks=2
// intent: a derived datatype freed after the nonblocking calls that use it completed
// expect: none
package org.qmpi4j.corpus.openmpi.resourceleak;

import java.nio.*;
import mpi.*;

/** Corpus program (resourceleak): a derived datatype freed after the nonblocking calls that use it completed. */
public final class TypeFreedAfterNonblocking {
    private TypeFreedAfterNonblocking() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Datatype pair = Datatype.createContiguous(2, MPI.INT);
        pair.commit();
        IntBuffer buf = MPI.newIntBuffer(2);
        Request r = rank == 0 ? world.iSend(buf, 1, pair, 1, 4) : world.iRecv(buf, 1, pair, 0, 4);
        r.waitFor();
        pair.free();
        MPI.Finalize();
    }
}
