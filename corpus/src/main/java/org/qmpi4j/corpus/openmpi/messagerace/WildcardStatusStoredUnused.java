// corpus: category=messagerace ranks=3
// intent: rank 0 keeps the status of an MPI_ANY_SOURCE receive, never reads it, takes the message for rank 1's
// expect: message_race lines 20
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 keeps the status of an MPI_ANY_SOURCE receive, never reads it, takes the message for rank 1's. */
public final class WildcardStatusStoredUnused {
    private WildcardStatusStoredUnused() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        if (rank == 0) {
            Status st = world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
            int fromOne = buf[0];
            world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            System.out.println("rank 1 sent " + fromOne);
        } else {
            buf[0] = rank;
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
