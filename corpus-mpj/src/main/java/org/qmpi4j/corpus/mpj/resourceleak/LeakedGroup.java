// corpus: category=resourceleak ranks=2
// intent: every rank takes its communicator's group and never frees it
// expect: object_leak lines 17
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): every rank takes its communicator's group and never frees it. */
public final class LeakedGroup {
    private LeakedGroup() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Group g = world.Group(); // ERROR
        System.out.println("group of " + g.Size());
        MPI.Finalize();
    }
}
