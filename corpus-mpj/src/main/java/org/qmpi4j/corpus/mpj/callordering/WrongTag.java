// corpus: category=callordering ranks=2
// intent: rank 1 waits for tag 2 while rank 0 sent tag 1 and waits for an answer
// expect: deadlock lines 20,22
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): rank 1 waits for tag 2 while rank 0 sent tag 1 and waits for an answer. */
public final class WrongTag {
    private WrongTag() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[1];
        if (rank == 0) {
            world.Send(buf, 0, 1, MPI.INT, 1, 1);
            world.Recv(buf, 0, 1, MPI.INT, 1, 3); // ERROR
        } else if (rank == 1) {
            world.Recv(buf, 0, 1, MPI.INT, 0, 2); // ERROR
            world.Send(buf, 0, 1, MPI.INT, 0, 3);
        }
        MPI.Finalize();
    }
}
