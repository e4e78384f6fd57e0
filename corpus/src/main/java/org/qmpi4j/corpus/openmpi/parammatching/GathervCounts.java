// corpus: category=parammatching ranks=2
// intent: rank 1 sends 2 ints to a gatherv whose root expects 1 from it
// expect: collective_mismatch lines 22
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 1 sends 2 ints to a gatherv whose root expects 1 from it. */
public final class GathervCounts {
    private GathervCounts() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] in = new int[2];
        int[] out = new int[4];
        int[] counts = {1, 1};
        int[] displs = {0, 1};
        world.gatherv(in, rank == 0 ? 1 : 2, MPI.INT, out, counts, displs, MPI.INT, 0); // ERROR
        MPI.Finalize();
    }
}
