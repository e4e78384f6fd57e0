// corpus: category=parammatching ranks=3
// intent: every rank allgathers a long
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): every rank allgathers a long. */
public final class CollectiveAllGather {
    private CollectiveAllGather() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        long[] in = {rank};
        long[] out = new long[size];
        world.allGather(in, 1, MPI.LONG, out, 1, MPI.LONG);
        MPI.Finalize();
    }
}
