// corpus: category=invalidparam ranks=2
// intent: a duplicated communicator is freed twice
// expect: object_used_after_free lines 21,23
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): a duplicated communicator is freed twice. */
public final class FreeCommTwice {
    private FreeCommTwice() {}

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
            copy.free(); // ERROR
        } catch (MPIException refused) {
            System.out.println("MPI refused the second free: " + refused.getMessage());
        }
        MPI.Finalize();
    }
}
