// corpus: category=threads ranks=2
// intent: at MPI_THREAD_MULTIPLE every rank sends from an executor's pool
// expect: none
package org.qmpi4j.corpus.openmpi.threads;

import java.nio.*;
import mpi.*;

/** Corpus program (threads): at MPI_THREAD_MULTIPLE every rank sends from an executor's pool. */
public final class ExecutorAtMultiple {
    private ExecutorAtMultiple() {}

    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] out = {rank};
        int[] in = new int[1];
        int peer = 1 - rank;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        java.util.concurrent.Future<?> f = pool.submit(() -> {
            MPI.COMM_WORLD.send(out, 1, MPI.INT, peer, 0);
            return null;
        });
        world.recv(in, 1, MPI.INT, peer, 0);
        f.get();
        pool.shutdown();
        MPI.Finalize();
    }
}
