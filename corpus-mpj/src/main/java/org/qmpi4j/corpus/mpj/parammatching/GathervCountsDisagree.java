// corpus: category=parammatching ranks=2
// intent: rank 1 sends 2 ints to a gatherv whose root expects 1 from it
// expect: collective_mismatch lines 22
package org.qmpi4j.corpus.mpj.parammatching;

import mpi.*;

/** Corpus program (parammatching, MPJ Express): rank 1 sends 2 ints to a gatherv whose root expects 1 from it. */
public final class GathervCountsDisagree {
    private GathervCountsDisagree() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] in = new int[2];
        int[] out = new int[4];
        int[] counts = {1, 1};
        int[] displs = {0, 1};
        try {
            world.Gatherv(in, 0, rank == 0 ? 1 : 2, MPI.INT, out, 0, counts, displs, MPI.INT, 0); // ERROR
        } catch (Exception refused) {
            System.out.println("MPJ refused: " + refused);
        }
        MPI.Finalize();
    }
}
