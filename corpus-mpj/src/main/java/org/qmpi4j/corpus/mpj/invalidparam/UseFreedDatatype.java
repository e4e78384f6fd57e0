// corpus: category=invalidparam ranks=2
// intent: rank 0 frees a contiguous type and then sends with it
// expect: object_used_after_free lines 21,22
package org.qmpi4j.corpus.mpj.invalidparam;

import mpi.*;

/** Corpus program (invalidparam, MPJ Express): rank 0 frees a contiguous type and then sends with it. */
public final class UseFreedDatatype {
    private UseFreedDatatype() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[2];
        Datatype pair = Datatype.Contiguous(2, MPI.INT);
        pair.Commit();
        if (rank == 0) {
            pair.free(); // ERROR
            world.Send(buf, 0, 1, pair, 1, 2); // ERROR
        } else if (rank == 1) {
            world.Recv(buf, 0, 1, pair, 0, 2);
            pair.free();
        }
        MPI.Finalize();
    }
}
