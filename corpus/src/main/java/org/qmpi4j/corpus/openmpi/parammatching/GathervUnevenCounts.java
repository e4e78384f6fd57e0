// corpus: category=parammatching ranks=3
// intent: rank i gives i + 1 ints to a gatherv whose root's counts say so
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank i gives i + 1 ints to a gatherv whose root's counts say so. */
public final class GathervUnevenCounts {
    private GathervUnevenCounts() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] in = new int[size];
        int[] out = new int[size * (size + 1) / 2];
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int i = 0; i < size; i++) {
            counts[i] = i + 1;
            displs[i] = i == 0 ? 0 : displs[i - 1] + counts[i - 1];
        }
        world.gatherv(in, rank + 1, MPI.INT, out, counts, displs, MPI.INT, 0);
        MPI.Finalize();
    }
}
