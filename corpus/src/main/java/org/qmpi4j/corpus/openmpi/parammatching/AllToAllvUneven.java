// corpus: category=parammatching ranks=3
// intent: each rank sends rank j j + 1 ints and receives its own rank + 1 from each
// expect: none
package org.qmpi4j.corpus.openmpi.parammatching;

import java.nio.*;
import mpi.*;

/** Corpus program (parammatching): each rank sends rank j j + 1 ints and receives its own rank + 1 from each. */
public final class AllToAllvUneven {
    private AllToAllvUneven() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] sendCounts = new int[size];
        int[] sendDispls = new int[size];
        int[] recvCounts = new int[size];
        int[] recvDispls = new int[size];
        for (int j = 0; j < size; j++) {
            sendCounts[j] = j + 1;
            sendDispls[j] = j == 0 ? 0 : sendDispls[j - 1] + sendCounts[j - 1];
            recvCounts[j] = rank + 1;
            recvDispls[j] = j * (rank + 1);
        }
        int[] in = new int[size * (size + 1) / 2];
        int[] out = new int[size * (rank + 1)];
        world.allToAllv(in, sendCounts, sendDispls, MPI.INT, out, recvCounts, recvDispls, MPI.INT);
        MPI.Finalize();
    }
}
