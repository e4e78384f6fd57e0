// corpus: category=callordering ranks=3
// intent: every rank shifts a value around a periodic ring with Sendrecv_replace
// expect: none
package org.qmpi4j.corpus.mpj.callordering;

import mpi.*;

/** Corpus program (callordering, MPJ Express): every rank shifts a value around a periodic ring with Sendrecv_replace. */
public final class SendrecvReplaceRing {
    private SendrecvReplaceRing() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        world.Sendrecv_replace(buf, 0, 1, MPI.INT, (rank + 1) % size, 1, (rank + size - 1) % size, 1);
        MPI.Finalize();
    }
}
