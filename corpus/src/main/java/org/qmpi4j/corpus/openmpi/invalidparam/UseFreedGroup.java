// corpus: category=invalidparam ranks=2
// intent: a group is freed, then used to make a communicator
// expect: object_used_after_free lines 20,22
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): a group is freed, then used to make a communicator. */
public final class UseFreedGroup {
    private UseFreedGroup() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        Group all = world.getGroup();
        all.free(); // ERROR
        try {
            Intracomm same = world.create(all); // ERROR
            same.free();
        } catch (MPIException refused) {
            System.out.println("MPI refused the freed group: " + refused.getMessage());
        }
        MPI.Finalize();
    }
}
