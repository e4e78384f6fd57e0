// corpus: category=messagerace ranks=3
// intent: rank 0 receives with MPI.ANY_TAG from two senders with their own tags, stores by arrival order
// expect: message_race lines 21
package org.qmpi4j.corpus.mpj.messagerace;

import mpi.*;

/** Corpus program (messagerace, MPJ Express): rank 0 receives with MPI.ANY_TAG from two senders with their own tags, stores by arrival order. */
public final class WildcardAnyTagOrder {
    private WildcardAnyTagOrder() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            int[] got = new int[2];
            for (int i = 0; i < 2; i++) {
                world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG); // ERROR
                got[i] = buf[0];
            }
            System.out.println("order " + got[0] + " " + got[1]);
        } else {
            world.Send(buf, 0, 1, MPI.INT, 0, rank);
        }
        MPI.Finalize();
    }
}
