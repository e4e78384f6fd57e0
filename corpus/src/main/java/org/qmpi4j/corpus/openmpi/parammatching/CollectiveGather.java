// corpus: category=parammatching ranks=3
// intent: every rank gathers 2 ints at rank 0
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): every rank gathers 2 ints at rank 0. */
public final class CollectiveGather {
    private CollectiveGather() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] in = new int[2];
        int[] out = new int[2 * size];
        world.gather(in, 2, MPI.INT, out, 2, MPI.INT, 0);
        MPI.Finalize();
    }
}
