// corpus: category=requestlifecycle ranks=2
// intent: rank 0 starts two persistent sends with Startall while the first is still active
// expect: request_misuse lines 22,23
package org.qmpi4j.corpus.mpj.requestlifecycle;

import mpi.*;

/** Corpus program (requestlifecycle, MPJ Express): rank 0 starts two persistent sends with Startall while the first is still active. */
public final class StartallWhileActive {
    private StartallWhileActive() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] a = {rank};
        int[] b = {rank};
        if (rank == 0) {
            Prequest first = world.Send_init(a, 0, 1, MPI.INT, 1, 0);
            Prequest second = world.Send_init(b, 0, 1, MPI.INT, 1, 1);
            first.Start(); // ERROR
            Prequest.Startall(new Prequest[] {first, second}); // ERROR
            first.Wait();
            second.Wait();
        } else if (rank == 1) {
            world.Recv(a, 0, 1, MPI.INT, 0, 0);
            world.Recv(a, 0, 1, MPI.INT, 0, 0);
            world.Recv(b, 0, 1, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
