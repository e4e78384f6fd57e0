// corpus: category=messagerace ranks=3
// intent: rank 0 receives from any source, then from rank 2, whose message the first took (rank 1 sends late)
// expect: message_race lines 20,21,26
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 receives from any source, then from rank 2, whose message the first took (rank 1 sends late). */
public final class WildcardThenNamedDeadlocks {
    private WildcardThenNamedDeadlocks() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {rank};
        if (rank == 0) {
            world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
            world.recv(buf, 1, MPI.INT, 2, 0); // ERROR
        } else {
            if (rank == 1) {
                Thread.sleep(500);
            }
            world.sSend(buf, 1, MPI.INT, 0, 0); // ERROR
        }
        MPI.Finalize();
    }
}
