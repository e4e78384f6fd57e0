// corpus: category=messagerace ranks=3
// intent: rank 0 receives with MPI_ANY_TAG from two senders and stores by arrival order
// expect: message_race lines 22
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 receives with MPI_ANY_TAG from two senders and stores by arrival order. */
public final class WildcardAnyTagOrder {
    private WildcardAnyTagOrder() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] got = new int[2];
        int[] buf = new int[1];
        if (rank == 0) {
            for (int i = 0; i < 2; i++) {
                world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG); // ERROR
                got[i] = buf[0];
            }
            System.out.println("order " + got[0] + " " + got[1]);
        } else {
            buf[0] = rank;
            world.send(buf, 1, MPI.INT, 0, rank);
        }
        MPI.Finalize();
    }
}
