// corpus: category=parammatching ranks=2
// intent: ranks reduce to different roots
// expect: collective_mismatch lines 20
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): ranks reduce to different roots. */
public final class CollectiveReduceRoots {
    private CollectiveReduceRoots() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        double[] in = {rank};
        double[] out = new double[1];
        world.reduce(in, out, 1, MPI.DOUBLE, MPI.SUM, rank == 0 ? 0 : 1); // ERROR
        MPI.Finalize();
    }
}
