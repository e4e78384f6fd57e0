// corpus: category=messagerace ranks=3
// intent: two messages from one source with one tag arrive in order (MPI guarantees it)
// expect: none
package org.qmpi4j.corpus.openmpi.messagerace;

import java.nio.*;
import mpi.*;

/** Corpus program (messagerace): two messages from one source with one tag arrive in order (MPI guarantees it). */
public final class NonOvertakingSameSource {
    private NonOvertakingSameSource() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        if (rank == 0) {
            world.recv(buf, 1, MPI.INT, 1, 0);
            int first = buf[0];
            world.recv(buf, 1, MPI.INT, 1, 0);
            System.out.println(first + " then " + buf[0]);
        } else if (rank == 1) {
            buf[0] = 1;
            world.send(buf, 1, MPI.INT, 0, 0);
            buf[0] = 2;
            world.send(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
