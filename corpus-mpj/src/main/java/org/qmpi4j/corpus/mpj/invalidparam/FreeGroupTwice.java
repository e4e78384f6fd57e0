// corpus: category=invalidparam ranks=2
// intent: every rank frees its communicator's group twice
// expect: object_used_after_free lines 18,19
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): every rank frees its communicator's group twice. */
public final class FreeGroupTwice {
    private FreeGroupTwice() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Group g = world.Group();
        g.free(); // ERROR
        g.free(); // ERROR
        MPI.Finalize();
    }
}
