// corpus: category=callordering ranks=2
// intent: rank 1 waits for tag 2, rank 0 sends tag 1 and waits for an answer
// expect: deadlock lines 21,23
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): rank 1 waits for tag 2, rank 0 sends tag 1 and waits for an answer. */
public final class RecvWrongTag {
    private RecvWrongTag() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        if (rank == 0) {
            world.send(buf, 1, MPI.INT, 1, 1);
            world.recv(buf, 1, MPI.INT, 1, 3); // ERROR
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 2); // ERROR
            world.send(buf, 1, MPI.INT, 0, 3);
        }
        MPI.Finalize();
    }
}
