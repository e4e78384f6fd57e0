// corpus: category=parammatching ranks=2
// intent: ranks allreduce ints on one rank and floats on the other
// expect: collective_mismatch lines 20,24
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): ranks allreduce ints on one rank and floats on the other. */
public final class CollectiveAllreduceTypes {
    private CollectiveAllreduceTypes() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        if (rank == 0) {
            int[] in = {1};
            int[] out = new int[1];
            world.Allreduce(in, 0, out, 0, 1, MPI.INT, MPI.SUM); // ERROR
        } else {
            float[] in = {1f};
            float[] out = new float[1];
            world.Allreduce(in, 0, out, 0, 1, MPI.FLOAT, MPI.SUM); // ERROR
        }
        MPI.Finalize();
    }
}
