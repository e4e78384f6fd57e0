// corpus: category=callordering ranks=2
// intent: each rank receives from itself before it sends to itself
// expect: deadlock lines 19
package org.qmpi4j.corpus.openmpi.callordering;

import java.nio.*;
import mpi.*;

/** Corpus program (callordering): each rank receives from itself before it sends to itself. */
public final class RecvFromSelf {
    private RecvFromSelf() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = new int[1];
        world.recv(buf, 1, MPI.INT, rank, 0); // ERROR
        world.send(buf, 1, MPI.INT, rank, 0);
        MPI.Finalize();
    }
}
