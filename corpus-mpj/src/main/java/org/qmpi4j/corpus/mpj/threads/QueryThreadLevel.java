// corpus: category=threads ranks=2
// intent: every rank asks the thread level (MPJ says MPI_THREAD_MULTIPLE) and calls Wtime from a second thread
// expect: none
package org.qmpi4j.corpus.mpj.threads;

import mpi.*;

/** Corpus program (threads, MPJ Express): every rank asks the thread level (MPJ says MPI_THREAD_MULTIPLE) and calls Wtime from a second thread. */
public final class QueryThreadLevel {
    private QueryThreadLevel() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        System.out.println("level " + MPI.queryThread() + " of " + MPI.THREAD_MULTIPLE);
        Thread t = new Thread(() -> {
            try {
                System.out.println("time " + MPI.Wtime());
            } catch (MPIException e) {
                throw new IllegalStateException(e);
            }
        });
        t.start();
        t.join();
        world.Barrier();
        MPI.Finalize();
    }
}
