// corpus: category=messagerace ranks=3
// intent: rank 0 receives from MPI.ANY_SOURCE, then from rank 2, which may have been received already
// expect: message_race lines 19,20
package org.qmpi4j.corpus.mpj.messagerace;

import mpi.*;

/** Corpus program (messagerace, MPJ Express): rank 0 receives from MPI.ANY_SOURCE, then from rank 2, which may have been received already. */
public final class WildcardThenNamed {
    private WildcardThenNamed() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
            world.Recv(buf, 0, 1, MPI.INT, 2, 0); // ERROR
        } else {
            world.Send(buf, 0, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
