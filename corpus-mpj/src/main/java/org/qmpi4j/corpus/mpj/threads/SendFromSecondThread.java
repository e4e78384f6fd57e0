// corpus: category=threads ranks=2
// intent: rank 0 sends from a second thread it joins; MPJ provides MPI_THREAD_MULTIPLE
// expect: none
package org.qmpi4j.corpus.mpj.threads;

import mpi.*;

/** Corpus program (threads, MPJ Express): rank 0 sends from a second thread it joins; MPJ provides MPI_THREAD_MULTIPLE. */
public final class SendFromSecondThread {
    private SendFromSecondThread() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int[] buf = {rank};
        if (rank == 0) {
            Thread t = new Thread(() -> {
                try {
                    world.Send(buf, 0, 1, MPI.INT, 1, 0);
                } catch (MPIException e) {
                    throw new IllegalStateException(e);
                }
            });
            t.start();
            t.join();
        } else if (rank == 1) {
            world.Recv(buf, 0, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
