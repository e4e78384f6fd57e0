// corpus: category=threads ranks=2
// intent: after a plain MPI.Init, rank 0 sends from an executor's pool
// expect: thread_level lines 22
package org.qmpi4j.corpus.openmpi.threads;

import java.nio.*;
import mpi.*;

/** Corpus program (threads): after a plain MPI.Init, rank 0 sends from an executor's pool. */
public final class ExecutorAfterPlainInit {
    private ExecutorAfterPlainInit() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] buf = {1};
        if (rank == 0) {
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
            pool.submit(() -> {
                        MPI.COMM_WORLD.send(buf, 1, MPI.INT, 1, 0); // ERROR
                        return null;
                    })
                    .get();
            pool.shutdown();
        } else if (rank == 1) {
            world.recv(buf, 1, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
