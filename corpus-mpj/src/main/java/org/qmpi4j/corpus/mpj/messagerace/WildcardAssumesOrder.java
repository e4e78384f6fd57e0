// corpus: category=messagerace ranks=3
// intent: rank 0 receives twice from MPI.ANY_SOURCE and takes the first for rank 1's
// expect: message_race lines 21,22
package org.qmpi4j.corpus.mpj.messagerace;

import mpi.*;

/** Corpus program (messagerace, MPJ Express): rank 0 receives twice from MPI.ANY_SOURCE and takes the first for rank 1's. */
public final class WildcardAssumesOrder {
    private WildcardAssumesOrder() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            int[] fromOne = new int[1];
            int[] fromTwo = new int[1];
            world.Recv(fromOne, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
            world.Recv(fromTwo, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
            System.out.println("rank 1 sent " + fromOne[0]);
        } else {
            world.Send(buf, 0, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
