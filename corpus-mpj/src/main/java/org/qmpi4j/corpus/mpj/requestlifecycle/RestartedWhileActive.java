// corpus: category=requestlifecycle ranks=2
// intent: rank 0 starts a persistent send again before the first start completed
// expect: request_misuse lines 20,22
package org.qmpi4j.corpus.mpj.requestlifecycle;

import mpi.*;

/** Corpus program (requestlifecycle, MPJ Express): rank 0 starts a persistent send again before the first start completed. */
public final class RestartedWhileActive {
    private RestartedWhileActive() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            Prequest p = world.Send_init(buf, 0, 1, MPI.INT, 1, 0);
            p.Start(); // ERROR
            try {
                p.Start(); // ERROR
            } catch (Exception refused) {
                System.out.println("MPJ refused: " + refused);
            }
            p.Wait();
        } else if (rank == 1) {
            world.Recv(buf, 0, 1, MPI.INT, 0, 0);
            world.Recv(buf, 0, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
