// corpus: category=callordering ranks=3
// intent: three ranks each receive from the left before sending to the right
// expect: deadlock lines 18
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): three ranks each receive from the left before sending to the right. */
public final class RecvRecvRingOfThree {
    private RecvRecvRingOfThree() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = new int[1];
        world.Recv(buf, 0, 1, MPI.INT, (rank + size - 1) % size, 7); // ERROR
        world.Send(buf, 0, 1, MPI.INT, (rank + 1) % size, 7);
        MPI.Finalize();
    }
}
