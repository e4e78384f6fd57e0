// corpus: category=invalidparam ranks=2
// intent: a derived datatype is freed, then used in a broadcast of a direct buffer
// expect: object_used_after_free lines 21,24
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): a derived datatype is freed, then used in a broadcast of a direct buffer. */
public final class UseFreedDatatype {
    private UseFreedDatatype() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        Datatype pair = Datatype.createContiguous(2, MPI.INT);
        pair.commit();
        pair.free(); // ERROR
        IntBuffer buf = MPI.newIntBuffer(2);
        try {
            world.bcast(buf, 1, pair, 0); // ERROR
        } catch (MPIException refused) {
            System.out.println("MPI refused the freed datatype: " + refused.getMessage());
        }
        MPI.Finalize();
    }
}
