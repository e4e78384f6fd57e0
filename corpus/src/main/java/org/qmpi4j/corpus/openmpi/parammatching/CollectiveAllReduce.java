// corpus: category=parammatching ranks=3
// intent: every rank allreduces 3 doubles
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): every rank allreduces 3 doubles. */
public final class CollectiveAllReduce {
    private CollectiveAllReduce() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        double[] in = new double[3];
        double[] out = new double[3];
        world.allReduce(in, out, 3, MPI.DOUBLE, MPI.MAX);
        MPI.Finalize();
    }
}
