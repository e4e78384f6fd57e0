// corpus: category=callordering ranks=4
// intent: every rank shifts a value around a periodic ring with Sendrecv
// expect: none
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): every rank shifts a value around a periodic ring with Sendrecv. */
public final class SendrecvRing {
    private SendrecvRing() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] out = {rank};
        int[] in = new int[1];
        world.Sendrecv(out, 0, 1, MPI.INT, (rank + 1) % size, 1, in, 0, 1, MPI.INT, (rank + size - 1) % size, 1);
        MPI.Finalize();
    }
}
