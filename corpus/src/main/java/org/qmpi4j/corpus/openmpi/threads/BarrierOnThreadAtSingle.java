// corpus: category=threads ranks=2
// intent: rank 0 makes its barrier on a second thread at MPI_THREAD_SINGLE
// expect: thread_level lines 19
package org.qmpi4j.corpus.openmpi.threads;

import java.nio.*;
import mpi.*;

/** Corpus program (threads): rank 0 makes its barrier on a second thread at MPI_THREAD_SINGLE. */
public final class BarrierOnThreadAtSingle {
    private BarrierOnThreadAtSingle() {}

    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_SINGLE);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        if (rank == 0) {
            onThread(() -> MPI.COMM_WORLD.barrier()); // ERROR
        } else {
            world.barrier();
        }
        MPI.Finalize();
    }

    private static void onThread(MpiAction action) throws InterruptedException {
        Thread t = new Thread(() -> {
            try {
                action.run();
            } catch (MPIException e) {
                throw new IllegalStateException(e);
            }
        });
        t.start();
        t.join();
    }

    private interface MpiAction {
        void run() throws MPIException;
    }
}
