// corpus: category=invalidparam ranks=3
// intent: each rank sends itself a message with sendRecv
// expect: none
package org.qmpi4j.corpus.openmpi.invalidparam;

import java.nio.*;
import mpi.*;

/** Corpus program (invalidparam): each rank sends itself a message with sendRecv. */
public final class SelfMessage {
    private SelfMessage() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] out = {rank};
        int[] in = new int[1];
        world.sendRecv(out, 1, MPI.INT, rank, 0, in, 1, MPI.INT, rank, 0);
        MPI.Finalize();
    }
}
