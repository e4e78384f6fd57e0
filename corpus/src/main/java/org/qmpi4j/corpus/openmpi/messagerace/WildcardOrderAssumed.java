// corpus: category=messagerace ranks=3
// intent: rank 0 receives from MPI_ANY_SOURCE and assumes rank 1's message comes first
// expect: message_race lines 20
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 receives from MPI_ANY_SOURCE and assumes rank 1's message comes first. */
public final class WildcardOrderAssumed {
    private WildcardOrderAssumed() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        if (rank == 0) {
            world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
            int first = buf[0];
            world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            if (first != 1) {
                System.out.println("the race went the other way: first " + first);
            }
        } else {
            buf[0] = rank;
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
