// corpus: category=messagerace ranks=3
// intent: rank 0 sums messages from MPI_ANY_SOURCE: the order does not matter
// expect: none
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 sums messages from MPI_ANY_SOURCE: the order does not matter. */
public final class WildcardSum {
    private WildcardSum() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        if (rank == 0) {
            int sum = 0;
            for (int i = 1; i < size; i++) {
                world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                sum += buf[0];
            }
            System.out.println("sum " + sum);
        } else {
            buf[0] = rank;
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
