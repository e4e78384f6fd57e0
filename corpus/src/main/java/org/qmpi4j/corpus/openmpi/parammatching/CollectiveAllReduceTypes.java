// corpus: category=parammatching ranks=2
// intent: ranks allreduce ints on one rank and floats on the other
// expect: collective_mismatch lines 21,25
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): ranks allreduce ints on one rank and floats on the other. */
public final class CollectiveAllReduceTypes {
    private CollectiveAllReduceTypes() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            int[] in = {1};
            int[] out = new int[1];
            world.allReduce(in, out, 1, MPI.INT, MPI.SUM); // ERROR
        } else {
            float[] in = {1f};
            float[] out = new float[1];
            world.allReduce(in, out, 1, MPI.FLOAT, MPI.SUM); // ERROR
        }
        MPI.Finalize();
    }
}
