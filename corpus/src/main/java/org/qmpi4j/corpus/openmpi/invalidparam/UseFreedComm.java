// corpus: category=invalidparam ranks=2
// intent: a duplicated communicator is freed, then used for a barrier
// expect: object_used_after_free lines 21,23
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): a duplicated communicator is freed, then used for a barrier. */
public final class UseFreedComm {
    private UseFreedComm() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        Comm copy = world.dup();
        copy.barrier();
        copy.free(); // ERROR
        try {
            copy.barrier(); // ERROR
        } catch (MPIException refused) {
            System.out.println("MPI refused the freed communicator: " + refused.getMessage());
        }
        MPI.Finalize();
    }
}
