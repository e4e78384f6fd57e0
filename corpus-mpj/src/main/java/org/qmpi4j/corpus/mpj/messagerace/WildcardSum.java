// corpus: category=messagerace ranks=3
// intent: rank 0 sums messages from MPI.ANY_SOURCE at one receive: the order does not matter
// expect: none
package org.qmpi4j.corpus.mpj.messagerace;

import mpi.*;

/** Corpus program (messagerace, MPJ Express): rank 0 sums messages from MPI.ANY_SOURCE at one receive: the order does not matter. */
public final class WildcardSum {
    private WildcardSum() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            int sum = 0;
            for (int i = 1; i < size; i++) {
                world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                sum += buf[0];
            }
            System.out.println("sum " + sum);
        } else {
            world.Send(buf, 0, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
