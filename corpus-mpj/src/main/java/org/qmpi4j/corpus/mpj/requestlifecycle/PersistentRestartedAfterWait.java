// corpus: category=requestlifecycle ranks=2
// intent: a persistent receive restarted after each wait, five rounds
// expect: none
package org.qmpi4j.corpus.mpj.requestlifecycle;

import mpi.*;

/** Corpus program (requestlifecycle, MPJ Express): a persistent receive restarted after each wait, five rounds. */
public final class PersistentRestartedAfterWait {
    private PersistentRestartedAfterWait() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {0};
        if (rank == 0) {
            for (int i = 0; i < 5; i++) {
                buf[0] = i;
                world.Send(buf, 0, 1, MPI.INT, 1, 0);
            }
        } else if (rank == 1) {
            Prequest p = world.Recv_init(buf, 0, 1, MPI.INT, 0, 0);
            for (int i = 0; i < 5; i++) {
                p.Start();
                p.Wait();
            }
        }
        MPI.Finalize();
    }
}
