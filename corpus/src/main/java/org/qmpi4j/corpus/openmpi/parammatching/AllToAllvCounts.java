// corpus: category=parammatching ranks=2
// intent: rank 0 sends 2 ints to rank 1, which expects 1 from it
// expect: collective_mismatch lines 23
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): rank 0 sends 2 ints to rank 1, which expects 1 from it. */
public final class AllToAllvCounts {
    private AllToAllvCounts() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] in = new int[4];
        int[] out = new int[4];
        int[] sendCounts = rank == 0 ? new int[] {1, 2} : new int[] {1, 1};
        int[] recvCounts = {1, 1};
        int[] displs = {0, 2};
        world.allToAllv(in, sendCounts, displs, MPI.INT, out, recvCounts, displs, MPI.INT); // ERROR
        MPI.Finalize();
    }
}
