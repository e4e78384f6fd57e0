// corpus: category=resourceleak ranks=2
// intent: every rank takes its communicator's group, reads its size and frees it
// expect: none
package org.qmpi4j.corpus.mpj.resourceleak;

import mpi.*;

/** Corpus program (resourceleak, MPJ Express): every rank takes its communicator's group, reads its size and frees it. */
public final class GroupFreed {
    private GroupFreed() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        Group g = world.Group();
        System.out.println("group of " + g.Size());
        g.free();
        MPI.Finalize();
    }
}
