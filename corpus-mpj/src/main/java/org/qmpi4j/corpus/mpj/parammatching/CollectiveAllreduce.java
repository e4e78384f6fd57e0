// corpus: category=parammatching ranks=3
// intent: every rank allreduces 3 doubles
// expect: none
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): every rank allreduces 3 doubles. */
public final class CollectiveAllreduce {
    private CollectiveAllreduce() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        double[] in = new double[3];
        double[] out = new double[3];
        world.Allreduce(in, 0, out, 0, 3, MPI.DOUBLE, MPI.MAX);
        MPI.Finalize();
    }
}
