// corpus: category=messagerace ranks=3
// intent: rank 2 sends once rank 0 told it to after its first wildcard receive: that one takes rank 1's
// expect: none
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 2 sends once rank 0 told it to after its first wildcard receive: that one takes rank 1's. */
public final class ReplyChainOrdersWildcards {
    private ReplyChainOrdersWildcards() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {rank};
        if (rank == 0) {
            world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            int fromOne = buf[0];
            world.send(buf, 1, MPI.INT, 2, 1);
            world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            System.out.println("rank 1 sent " + fromOne + ", rank 2 " + buf[0]);
        } else if (rank == 1) {
            world.send(buf, 1, MPI.INT, 0, 0);
        } else {
            world.recv(buf, 1, MPI.INT, 0, 1);
            buf[0] = rank;
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
