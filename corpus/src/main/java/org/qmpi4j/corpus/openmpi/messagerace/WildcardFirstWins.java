// corpus: category=messagerace ranks=3
// intent: rank 0 takes the first of two answers as the result; which one depends on timing
// expect: message_race lines 20
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 takes the first of two answers as the result; which one depends on timing. */
public final class WildcardFirstWins {
    private WildcardFirstWins() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {rank};
        if (rank == 0) {
            world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 5); // ERROR
            System.out.println("result " + buf[0]);
            world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 5);
        } else {
            world.send(buf, 1, MPI.INT, 0, 5);
        }
        MPI.Finalize();
    }
}
