// corpus: category=parammatching ranks=3
// intent: rank 0 broadcasts a contiguous type of 2 ints, the other ranks one double (same size, another type map)
// expect: collective_mismatch lines 22,24
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 broadcasts a contiguous type of 2 ints, the other ranks one double (same size, another type map). */
public final class BcastDerivedTypeMap {
    private BcastDerivedTypeMap() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        ByteBuffer buf = MPI.newByteBuffer(8);
        Datatype pair = Datatype.createContiguous(2, MPI.INT);
        pair.commit();
        if (rank == 0) {
            world.bcast(buf, 1, pair, 0); // ERROR
        } else {
            world.bcast(buf, 1, MPI.DOUBLE, 0); // ERROR
        }
        pair.free();
        MPI.Finalize();
    }
}
