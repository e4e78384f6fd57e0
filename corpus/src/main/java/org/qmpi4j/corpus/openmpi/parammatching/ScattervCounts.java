// corpus: category=parammatching ranks=3
// intent: the root scatters 1 int to each rank, rank 2 receives 2
// expect: collective_mismatch lines 22
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): the root scatters 1 int to each rank, rank 2 receives 2. */
public final class ScattervCounts {
    private ScattervCounts() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] in = new int[3];
        int[] out = new int[2];
        int[] counts = {1, 1, 1};
        int[] displs = {0, 1, 2};
        world.scatterv(in, counts, displs, MPI.INT, out, rank == 2 ? 2 : 1, MPI.INT, 0); // ERROR
        MPI.Finalize();
    }
}
