// corpus: category=messagerace ranks=3
// intent: rank 0 posts two MPI_ANY_SOURCE iRecvs, drops their statuses, takes the first for rank 1's
// expect: message_race lines 21
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): rank 0 posts two MPI_ANY_SOURCE iRecvs, drops their statuses, takes the first for rank 1's. */
public final class IrecvAnySourceTwoSites {
    private IrecvAnySourceTwoSites() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            IntBuffer a = MPI.newIntBuffer(1);
            IntBuffer b = MPI.newIntBuffer(1);
            Request first = world.iRecv(a, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
            Request second = world.iRecv(b, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            first.waitStatus();
            second.waitStatus();
            System.out.println("rank 1 sent " + a.get(0));
        } else {
            int[] buf = {rank};
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
