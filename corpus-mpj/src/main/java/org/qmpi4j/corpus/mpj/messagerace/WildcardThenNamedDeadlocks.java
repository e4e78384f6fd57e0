// corpus: category=messagerace ranks=3
// intent: rank 0 receives from any source, then from rank 2, whose message the first took (rank 1 sends late)
// expect: message_race lines 19,20,25
package org.qmpi4j.corpus.mpj.messagerace;

import mpi.*;

/** Corpus program (messagerace, MPJ Express): rank 0 receives from any source, then from rank 2, whose message the first took (rank 1 sends late). */
public final class WildcardThenNamedDeadlocks {
    private WildcardThenNamedDeadlocks() {}

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
            if (rank == 1) {
                Thread.sleep(500);
            }
            world.Send(buf, 0, 1, MPI.INT, 0, 0); // ERROR
        }
        MPI.Finalize();
    }
}
