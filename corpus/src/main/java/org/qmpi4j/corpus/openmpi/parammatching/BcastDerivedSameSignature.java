// corpus: category=parammatching ranks=3
// intent: rank 0 broadcasts one contiguous type of 4 ints, the other ranks receive 4 ints: the same type signature
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 broadcasts one contiguous type of 4 ints, the other ranks receive 4 ints: the same type signature. */
public final class BcastDerivedSameSignature {
    private BcastDerivedSameSignature() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        IntBuffer buf = MPI.newIntBuffer(4);
        Datatype four = Datatype.createContiguous(4, MPI.INT);
        four.commit();
        if (rank == 0) {
            world.bcast(buf, 1, four, 0);
        } else {
            world.bcast(buf, 4, MPI.INT, 0);
        }
        four.free();
        MPI.Finalize();
    }
}
